
/* kiln: end of prelude */


/* kiln: softmax */
static PyObject* kiln_entry(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
    float* a_p_x_d = NULL;
    PyObject* a_p_x_o = NULL;
    npy_intp a_p_x_s0 = 0, a_p_x_t0 = 0;
    npy_intp a_p_x_s1 = 0, a_p_x_t1 = 0;
    float* a_u_row_max_d = NULL;
    PyObject* a_u_row_max_o = NULL;
    npy_intp a_u_row_max_s0 = 0, a_u_row_max_t0 = 0;
    npy_intp a_u_row_max_s1 = 0, a_u_row_max_t1 = 0;
    float* a_u_e_d = NULL;
    PyObject* a_u_e_o = NULL;
    npy_intp a_u_e_s0 = 0, a_u_e_t0 = 0;
    float* a_u_ret__0_d = NULL;
    PyObject* a_u_ret__0_o = NULL;
    npy_intp a_u_ret__0_s0 = 0, a_u_ret__0_t0 = 0;
    npy_intp a_u_ret__0_s1 = 0, a_u_ret__0_t1 = 0;
    float* a_k1_max_d = NULL;
    PyObject* a_k1_max_o = NULL;
    npy_intp a_k1_max_s0 = 0, a_k1_max_t0 = 0;
    npy_intp a_k1_max_s1 = 0, a_k1_max_t1 = 0;
    float v_k2_acc = 0;
    int64_t v_k3_i = 0;
    int64_t v_k4_i = 0;
    int64_t v_k5_i = 0;
    int64_t v_k6_i = 0;
    float* a_k7_sum_d = NULL;
    PyObject* a_k7_sum_o = NULL;
    npy_intp a_k7_sum_s0 = 0, a_k7_sum_t0 = 0;
    npy_intp a_k7_sum_s1 = 0, a_k7_sum_t1 = 0;
    double v_k8_acc = 0;
    int64_t v_k9_i = 0;
    int64_t v_k10_i = 0;
    int64_t v_k11_i = 0;
    int64_t v_k12_i = 0;
    float v_c17_k7_sum = 0;
    float v_k_elem = 0;
    PyObject* kiln_result = NULL;
    int kiln_stop = 0; /* a signal handler raised: every thread leaves (kiln_poll_signals) */
    int64_t kiln_team = 0; /* work of parallel loops so far (kiln_worth_team) */
    if (nargs != 1) {
      PyErr_SetString(PyExc_TypeError, "expected 1 arguments"); return NULL; }
    a_p_x_o = args[0]; Py_INCREF(args[0]);
    a_p_x_d = (float*)PyArray_DATA((PyArrayObject*)args[0]);
    a_p_x_s0 = PyArray_DIM((PyArrayObject*)args[0], 0);
    a_p_x_t0 = PyArray_STRIDE((PyArrayObject*)args[0], 0) / (npy_intp)sizeof(float);
    a_p_x_s1 = PyArray_DIM((PyArrayObject*)args[0], 1);
    a_p_x_t1 = PyArray_STRIDE((PyArrayObject*)args[0], 1) / (npy_intp)sizeof(float);
    {
        npy_intp d_[2] = {a_p_x_s0, INT64_C(1)};
        PyObject* k_o1 = kiln_scratch_array(2, d_, NPY_FLOAT32);
        if (!k_o1) goto kiln_fail;
        Py_XDECREF(a_k1_max_o); a_k1_max_o = k_o1;
        a_k1_max_d = (float*)PyArray_DATA((PyArrayObject*)k_o1);
        a_k1_max_s0 = d_[0];
        a_k1_max_s1 = d_[1];
        a_k1_max_t1 = 1;
        a_k1_max_t0 = a_k1_max_t1 * d_[1];
    }
    if (!(((a_p_x_s1) > (INT64_C(0))))) {
        PyErr_Format(PyExc_ValueError, "zero-size array to reduction operation maximum which has no identity");
        goto kiln_fail;
    }
    {
        float* nd_ = a_k1_max_d + (INT64_C(0));
        npy_intp ns0_ = a_p_x_s0, nt0_ = a_k1_max_s1;
        npy_intp ns1_ = INT64_C(1), nt1_ = 1;
        Py_XINCREF(a_k1_max_o); Py_XDECREF(a_u_row_max_o); a_u_row_max_o = a_k1_max_o;
        a_u_row_max_d = nd_;
        a_u_row_max_s0 = ns0_; a_u_row_max_t0 = nt0_;
        a_u_row_max_s1 = ns1_; a_u_row_max_t1 = nt1_;
    }
    {
        npy_intp d_[2] = {a_p_x_s0, a_p_x_s1};
        PyObject* k_o2 = kiln_result_array(2, d_, NPY_FLOAT32);
        if (!k_o2) goto kiln_fail;
        Py_XDECREF(a_u_ret__0_o); a_u_ret__0_o = k_o2;
        a_u_ret__0_d = (float*)PyArray_DATA((PyArrayObject*)k_o2);
        a_u_ret__0_s0 = d_[0];
        a_u_ret__0_s1 = d_[1];
        a_u_ret__0_t1 = 1;
        a_u_ret__0_t0 = a_u_ret__0_t1 * d_[1];
    }
    {
        npy_intp d_[1] = {(npy_intp)kiln_worker_count() * (npy_intp)1 * ((a_p_x_s1) > 0 ? (a_p_x_s1) : 0)};
        PyObject* k_o7 = kiln_scratch_array(1, d_, NPY_FLOAT32);
        if (!k_o7) goto kiln_fail;
        Py_XDECREF(a_u_e_o); a_u_e_o = k_o7;
    }
    {
        const int64_t k_lo3 = INT64_C(0), k_hi4 = a_p_x_s0, k_st5 = INT64_C(1);
        if (kiln_team_of_many() && (kiln_worth_team((k_hi4 - k_lo3) * (3 + kiln_trips(INT64_C(0), a_p_x_s1, INT64_C(1)) * 2 + kiln_work_max((1 + kiln_trips(INT64_C(0), a_p_x_s1, INT64_C(1)) * 11), 1) + kiln_trips(INT64_C(0), a_p_x_s1, INT64_C(1)) * 2 + kiln_trips(INT64_C(0), a_p_x_s1, INT64_C(1)) * 6), &kiln_team))) {
            #pragma omp parallel for schedule(static) private(v_k3_i, v_k2_acc, v_k4_i, v_k_elem, v_k6_i, v_k8_acc, v_k10_i, v_c17_k7_sum, v_k12_i, a_u_e_d, a_u_e_s0, a_u_e_t0)
            for (int64_t k_t6 = k_lo3; k_t6 < k_hi4; k_t6 += k_st5) { /* kiln loop #7 */
                v_k3_i = k_t6;
                {
                    a_u_e_d = (float*)PyArray_DATA((PyArrayObject*)a_u_e_o) + (npy_intp)kiln_worker_id() * (npy_intp)1 * ((a_p_x_s1) > 0 ? (a_p_x_s1) : 0);
                    a_u_e_s0 = a_p_x_s1;
                    a_u_e_t0 = 1;
                }
                v_k2_acc = a_p_x_d[(v_k3_i)*(a_p_x_s1) + INT64_C(0)];
                {
                    const int64_t k_lo10 = INT64_C(0), k_hi11 = a_p_x_s1, k_st12 = INT64_C(1);
                    #if KILN_SIMD_UDR
                    #pragma omp simd private(v_k4_i) reduction(kiln_max_f32:v_k2_acc)
                    #endif
                    for (int64_t k_t13 = k_lo10; k_t13 < k_hi11; k_t13 += k_st12) { /* kiln loop #5 */
                        v_k4_i = k_t13;
                        v_k2_acc = kiln_max_f32(v_k2_acc, a_p_x_d[(v_k3_i)*(a_p_x_s1) + v_k4_i]);
                    }
                }
                a_k1_max_d[(v_k3_i)*(a_k1_max_s1) + INT64_C(0)] = v_k2_acc;
                if (((INT64_C(0)) < (a_p_x_s1))) {
                    v_k_elem = a_u_row_max_d[(v_k3_i)*(a_u_row_max_s1) + INT64_C(0)];
                    {
                        const int64_t k_lo14 = INT64_C(0), k_hi15 = a_p_x_s1, k_st16 = INT64_C(1);
                        #pragma omp simd private(v_k6_i)
                        for (int64_t k_t17 = k_lo14; k_t17 < k_hi15; k_t17 += k_st16) { /* kiln loop #11 */
                            v_k6_i = k_t17;
                            a_u_e_d[v_k6_i] = expf(((a_p_x_d[(v_k3_i)*(a_p_x_s1) + v_k6_i]) - (v_k_elem)));
                        }
                    }
                }
                v_k8_acc = 0.0;
                {
                    const int64_t k_lo18 = INT64_C(0), k_hi19 = a_p_x_s1, k_st20 = INT64_C(1);
                    #pragma omp simd reduction(+:v_k8_acc)
                    for (int64_t k_t21 = k_lo18; k_t21 < k_hi19; k_t21 += k_st20) { /* kiln loop #16 */
                        v_k10_i = k_t21;
                        v_k8_acc = ((v_k8_acc) + (((double)(a_u_e_d[v_k10_i]))));
                    }
                }
                v_c17_k7_sum = ((float)(v_k8_acc));
                {
                    const int64_t k_lo22 = INT64_C(0), k_hi23 = a_p_x_s1, k_st24 = INT64_C(1);
                    #pragma omp simd private(v_k12_i)
                    for (int64_t k_t25 = k_lo22; k_t25 < k_hi23; k_t25 += k_st24) { /* kiln loop #21 */
                        v_k12_i = k_t25;
                        a_u_ret__0_d[(v_k3_i)*(a_u_ret__0_s1) + v_k12_i] = ((a_u_e_d[v_k12_i]) / (v_c17_k7_sum));
                    }
                }
            }
        } else {
        kiln_poller k_poll27 = KILN_POLLER;
            for (int64_t k_t6 = k_lo3; k_t6 < k_hi4; k_t6 += k_st5) { /* kiln loop #7 */
                v_k3_i = k_t6;
                if (KILN_POLL(k_poll27, &kiln_stop)) {
                    goto kiln_fail;
                }
                {
                    a_u_e_d = (float*)PyArray_DATA((PyArrayObject*)a_u_e_o) + (npy_intp)kiln_worker_id() * (npy_intp)1 * ((a_p_x_s1) > 0 ? (a_p_x_s1) : 0);
                    a_u_e_s0 = a_p_x_s1;
                    a_u_e_t0 = 1;
                }
                v_k2_acc = a_p_x_d[(v_k3_i)*(a_p_x_s1) + INT64_C(0)];
                {
                    const int64_t k_lo28 = INT64_C(0), k_hi29 = a_p_x_s1, k_st30 = INT64_C(1);
                    #if KILN_SIMD_UDR
                    #pragma omp simd private(v_k4_i) reduction(kiln_max_f32:v_k2_acc)
                    #endif
                    for (int64_t k_t31 = k_lo28; k_t31 < k_hi29; k_t31 += k_st30) { /* kiln loop #5 */
                        v_k4_i = k_t31;
                        v_k2_acc = kiln_max_f32(v_k2_acc, a_p_x_d[(v_k3_i)*(a_p_x_s1) + v_k4_i]);
                    }
                }
                a_k1_max_d[(v_k3_i)*(a_k1_max_s1) + INT64_C(0)] = v_k2_acc;
                if (((INT64_C(0)) < (a_p_x_s1))) {
                    v_k_elem = a_u_row_max_d[(v_k3_i)*(a_u_row_max_s1) + INT64_C(0)];
                    {
                        const int64_t k_lo32 = INT64_C(0), k_hi33 = a_p_x_s1, k_st34 = INT64_C(1);
                        #pragma omp simd private(v_k6_i)
                        for (int64_t k_t35 = k_lo32; k_t35 < k_hi33; k_t35 += k_st34) { /* kiln loop #11 */
                            v_k6_i = k_t35;
                            a_u_e_d[v_k6_i] = expf(((a_p_x_d[(v_k3_i)*(a_p_x_s1) + v_k6_i]) - (v_k_elem)));
                        }
                    }
                }
                v_k8_acc = 0.0;
                {
                    const int64_t k_lo36 = INT64_C(0), k_hi37 = a_p_x_s1, k_st38 = INT64_C(1);
                    #pragma omp simd reduction(+:v_k8_acc)
                    for (int64_t k_t39 = k_lo36; k_t39 < k_hi37; k_t39 += k_st38) { /* kiln loop #16 */
                        v_k10_i = k_t39;
                        v_k8_acc = ((v_k8_acc) + (((double)(a_u_e_d[v_k10_i]))));
                    }
                }
                v_c17_k7_sum = ((float)(v_k8_acc));
                {
                    const int64_t k_lo40 = INT64_C(0), k_hi41 = a_p_x_s1, k_st42 = INT64_C(1);
                    #pragma omp simd private(v_k12_i)
                    for (int64_t k_t43 = k_lo40; k_t43 < k_hi41; k_t43 += k_st42) { /* kiln loop #21 */
                        v_k12_i = k_t43;
                        a_u_ret__0_d[(v_k3_i)*(a_u_ret__0_s1) + v_k12_i] = ((a_u_e_d[v_k12_i]) / (v_c17_k7_sum));
                    }
                }
            }
        }
    }
    kiln_result = kiln_box_array(a_u_ret__0_d, 2, (npy_intp[]){a_u_ret__0_s0, a_u_ret__0_s1}, (npy_intp[]){a_u_ret__0_s1, 1}, NPY_FLOAT32, a_u_ret__0_o);
    if (!kiln_result) goto kiln_fail;
    goto kiln_cleanup;
    if (!(0)) {
        PyErr_Format(PyExc_RuntimeError, "softmax() reached its end without returning a value");
        goto kiln_fail;
    }
    kiln_result = Py_None; Py_INCREF(Py_None);
    goto kiln_cleanup;
    kiln_fail:
    Py_XDECREF(kiln_result); kiln_result = NULL;
    kiln_cleanup:
    Py_XDECREF(a_p_x_o);
    Py_XDECREF(a_u_row_max_o);
    Py_XDECREF(a_u_e_o);
    Py_XDECREF(a_u_ret__0_o);
    Py_XDECREF(a_k1_max_o);
    Py_XDECREF(a_k7_sum_o);
    return kiln_result;
}

static PyMethodDef kiln_methods[] = {
    {"entry", (PyCFunction)(void (*)(void))kiln_entry, METH_FASTCALL, "compiled by kiln"},
    {NULL, NULL, 0, NULL}
};
static struct PyModuleDef kiln_module = {PyModuleDef_HEAD_INIT, "kiln_generated", NULL, -1, kiln_methods};
PyMODINIT_FUNC KILN_INIT_FUNC(void) {
    import_array();
    return PyModule_Create(&kiln_module);
}

