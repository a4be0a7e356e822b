
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
        npy_intp d_[1] = {(npy_intp)1 * (npy_intp)1 * ((a_p_x_s1) > 0 ? (a_p_x_s1) : 0)};
        PyObject* k_o7 = kiln_scratch_array(1, d_, NPY_FLOAT32);
        if (!k_o7) goto kiln_fail;
        Py_XDECREF(a_u_e_o); a_u_e_o = k_o7;
    }
    {
        const int64_t k_lo3 = INT64_C(0), k_hi4 = a_p_x_s0, k_st5 = INT64_C(1);
    kiln_poller k_poll8 = KILN_POLLER;
        for (int64_t k_t6 = k_lo3; k_t6 < k_hi4; k_t6 += k_st5) { /* kiln loop #7 */
            v_k3_i = k_t6;
            if (KILN_POLL(k_poll8, &kiln_stop)) {
                goto kiln_fail;
            }
            {
                a_u_e_d = (float*)PyArray_DATA((PyArrayObject*)a_u_e_o);
                a_u_e_s0 = a_p_x_s1;
                a_u_e_t0 = 1;
            }
            v_k2_acc = a_p_x_d[(v_k3_i)*(a_p_x_s1) + INT64_C(0)];
            {
                const int64_t k_lo9 = INT64_C(0), k_hi10 = a_p_x_s1, k_st11 = INT64_C(1);
                #if KILN_SIMD_UDR
                #pragma omp simd private(v_k4_i) reduction(kiln_max_f32:v_k2_acc)
                #endif
                for (int64_t k_t12 = k_lo9; k_t12 < k_hi10; k_t12 += k_st11) { /* kiln loop #5 */
                    v_k4_i = k_t12;
                    v_k2_acc = kiln_max_f32(v_k2_acc, a_p_x_d[(v_k3_i)*(a_p_x_s1) + v_k4_i]);
                }
            }
            a_k1_max_d[(v_k3_i)*(a_k1_max_s1) + INT64_C(0)] = v_k2_acc;
            if (((INT64_C(0)) < (a_p_x_s1))) {
                v_k_elem = a_u_row_max_d[(v_k3_i)*(a_u_row_max_s1) + INT64_C(0)];
                {
                    const int64_t k_lo13 = INT64_C(0), k_hi14 = a_p_x_s1, k_st15 = INT64_C(1);
                    #pragma omp simd private(v_k6_i)
                    for (int64_t k_t16 = k_lo13; k_t16 < k_hi14; k_t16 += k_st15) { /* kiln loop #11 */
                        v_k6_i = k_t16;
                        a_u_e_d[v_k6_i] = expf(((a_p_x_d[(v_k3_i)*(a_p_x_s1) + v_k6_i]) - (v_k_elem)));
                    }
                }
            }
            v_k8_acc = 0.0;
            {
                const int64_t k_lo17 = INT64_C(0), k_hi18 = a_p_x_s1, k_st19 = INT64_C(1);
                #pragma omp simd reduction(+:v_k8_acc)
                for (int64_t k_t20 = k_lo17; k_t20 < k_hi18; k_t20 += k_st19) { /* kiln loop #16 */
                    v_k10_i = k_t20;
                    v_k8_acc = ((v_k8_acc) + (((double)(a_u_e_d[v_k10_i]))));
                }
            }
            v_c17_k7_sum = ((float)(v_k8_acc));
            {
                const int64_t k_lo21 = INT64_C(0), k_hi22 = a_p_x_s1, k_st23 = INT64_C(1);
                #pragma omp simd private(v_k12_i)
                for (int64_t k_t24 = k_lo21; k_t24 < k_hi22; k_t24 += k_st23) { /* kiln loop #21 */
                    v_k12_i = k_t24;
                    a_u_ret__0_d[(v_k3_i)*(a_u_ret__0_s1) + v_k12_i] = ((a_u_e_d[v_k12_i]) / (v_c17_k7_sum));
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

