
/* kiln: end of prelude */


/* kiln: prange_norm */
static PyObject* kiln_entry(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
    double* a_p_x_d = NULL;
    PyObject* a_p_x_o = NULL;
    npy_intp a_p_x_s0 = 0, a_p_x_t0 = 0;
    double* a_p_out_d = NULL;
    PyObject* a_p_out_o = NULL;
    npy_intp a_p_out_s0 = 0, a_p_out_t0 = 0;
    int64_t v_u_i = 0;
    int64_t v_k1_it = 0;
    double v_k2_sum = 0;
    int64_t v_k3_i = 0;
    double v_k4_fill = 0;
    PyObject* kiln_result = NULL;
    int kiln_stop = 0; /* a signal handler raised: every thread leaves (kiln_poll_signals) */
    int64_t kiln_team = 0; /* work of parallel loops so far (kiln_worth_team) */
    if (nargs != 2) {
      PyErr_SetString(PyExc_TypeError, "expected 2 arguments"); return NULL; }
    a_p_x_o = args[0]; Py_INCREF(args[0]);
    a_p_x_d = (double*)PyArray_DATA((PyArrayObject*)args[0]);
    a_p_x_s0 = PyArray_DIM((PyArrayObject*)args[0], 0);
    a_p_x_t0 = PyArray_STRIDE((PyArrayObject*)args[0], 0) / (npy_intp)sizeof(double);
    a_p_out_o = args[1]; Py_INCREF(args[1]);
    a_p_out_d = (double*)PyArray_DATA((PyArrayObject*)args[1]);
    a_p_out_s0 = PyArray_DIM((PyArrayObject*)args[1], 0);
    a_p_out_t0 = PyArray_STRIDE((PyArrayObject*)args[1], 0) / (npy_intp)sizeof(double);
    if (!PyArray_ISWRITEABLE((PyArrayObject*)args[1])) {
        PyErr_SetString(PyExc_ValueError, "assignment destination is read-only (argument 'out')");
        goto kiln_fail;
    }
    if ((!kiln_spans_overlap(kiln_span_of(a_p_out_d, 1, (npy_intp[]){a_p_out_s0}, (npy_intp[]){1}, sizeof(double)), kiln_span_of(a_p_x_d, 1, (npy_intp[]){a_p_x_s0}, (npy_intp[]){1}, sizeof(double))))) {
        if (((INT64_C(0)) < (a_p_x_s0))) {
            v_k2_sum = 0.0;
            {
                const int64_t k_lo1 = INT64_C(0), k_hi2 = a_p_x_s0, k_st3 = INT64_C(1);
                if (kiln_team_of_many() && (kiln_worth_team((k_hi2 - k_lo1) * 4, &kiln_team))) {
                    #pragma omp parallel for schedule(static) private(v_k3_i) reduction(+:v_k2_sum)
                    for (int64_t k_t4 = k_lo1; k_t4 < k_hi2; k_t4 += k_st3) { /* kiln loop #4 */
                        v_k3_i = k_t4;
                        v_k2_sum = ((v_k2_sum) + (((a_p_x_d[v_k3_i]) * (a_p_x_d[v_k3_i]))));
                    }
                } else {
                    #pragma omp simd reduction(+:v_k2_sum)
                    for (int64_t k_t4 = k_lo1; k_t4 < k_hi2; k_t4 += k_st3) { /* kiln loop #4 */
                        v_k3_i = k_t4;
                        v_k2_sum = ((v_k2_sum) + (((a_p_x_d[v_k3_i]) * (a_p_x_d[v_k3_i]))));
                    }
                }
            }
        }
        {
            const int64_t k_lo8 = INT64_C(0), k_hi9 = a_p_x_s0, k_st10 = INT64_C(1);
            if (kiln_team_of_many() && (kiln_worth_team((k_hi9 - k_lo8) * 14, &kiln_team))) {
                #pragma omp parallel for schedule(static) private(v_k1_it, v_u_i, v_k4_fill)
                for (int64_t k_t11 = k_lo8; k_t11 < k_hi9; k_t11 += k_st10) { /* kiln loop #7 */
                    v_k1_it = k_t11;
                    v_u_i = v_k1_it;
                    v_k4_fill = ((a_p_x_d[v_u_i]) / (sqrt(v_k2_sum)));
                    a_p_out_d[v_u_i] = v_k4_fill;
                }
            } else {
                for (int64_t k_t11 = k_lo8; k_t11 < k_hi9; k_t11 += k_st10) { /* kiln loop #7 */
                    v_k1_it = k_t11;
                    v_u_i = v_k1_it;
                    v_k4_fill = ((a_p_x_d[v_u_i]) / (sqrt(v_k2_sum)));
                    a_p_out_d[v_u_i] = v_k4_fill;
                }
            }
        }
    } else {
        {
            const int64_t k_lo15 = INT64_C(0), k_hi16 = a_p_x_s0, k_st17 = INT64_C(1);
            if (kiln_team_of_many() && (kiln_worth_team((k_hi16 - k_lo15) * (14 + kiln_trips(INT64_C(0), a_p_x_s0, INT64_C(1)) * 4), &kiln_team))) {
                #pragma omp parallel for schedule(static) private(v_k1_it, v_u_i, v_k2_sum, v_k3_i, v_k4_fill)
                for (int64_t k_t18 = k_lo15; k_t18 < k_hi16; k_t18 += k_st17) { /* kiln loop #15 */
                    v_k1_it = k_t18;
                    v_u_i = v_k1_it;
                    v_k2_sum = 0.0;
                    {
                        const int64_t k_lo21 = INT64_C(0), k_hi22 = a_p_x_s0, k_st23 = INT64_C(1);
                        #pragma omp simd reduction(+:v_k2_sum)
                        for (int64_t k_t24 = k_lo21; k_t24 < k_hi22; k_t24 += k_st23) { /* kiln loop #12 */
                            v_k3_i = k_t24;
                            v_k2_sum = ((v_k2_sum) + (((a_p_x_d[v_k3_i]) * (a_p_x_d[v_k3_i]))));
                        }
                    }
                    v_k4_fill = ((a_p_x_d[v_u_i]) / (sqrt(v_k2_sum)));
                    a_p_out_d[v_u_i] = v_k4_fill;
                }
            } else {
            kiln_poller k_poll26 = KILN_POLLER;
                for (int64_t k_t18 = k_lo15; k_t18 < k_hi16; k_t18 += k_st17) { /* kiln loop #15 */
                    v_k1_it = k_t18;
                    if (KILN_POLL(k_poll26, &kiln_stop)) {
                        goto kiln_fail;
                    }
                    v_u_i = v_k1_it;
                    v_k2_sum = 0.0;
                    {
                        const int64_t k_lo27 = INT64_C(0), k_hi28 = a_p_x_s0, k_st29 = INT64_C(1);
                        #pragma omp simd reduction(+:v_k2_sum)
                        for (int64_t k_t30 = k_lo27; k_t30 < k_hi28; k_t30 += k_st29) { /* kiln loop #12 */
                            v_k3_i = k_t30;
                            v_k2_sum = ((v_k2_sum) + (((a_p_x_d[v_k3_i]) * (a_p_x_d[v_k3_i]))));
                        }
                    }
                    v_k4_fill = ((a_p_x_d[v_u_i]) / (sqrt(v_k2_sum)));
                    a_p_out_d[v_u_i] = v_k4_fill;
                }
            }
        }
    }
    kiln_result = Py_None; Py_INCREF(Py_None);
    goto kiln_cleanup;
    kiln_fail:
    Py_XDECREF(kiln_result); kiln_result = NULL;
    kiln_cleanup:
    Py_XDECREF(a_p_x_o);
    Py_XDECREF(a_p_out_o);
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

