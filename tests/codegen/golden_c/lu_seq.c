
/* kiln: end of prelude */


/* kiln: lu */
static PyObject* kiln_entry(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
    double* a_p_a_d = NULL;
    PyObject* a_p_a_o = NULL;
    npy_intp a_p_a_s0 = 0, a_p_a_t0 = 0;
    npy_intp a_p_a_s1 = 0, a_p_a_t1 = 0;
    int64_t v_u_n = 0;
    int64_t v_u_i = 0;
    int64_t v_u_j = 0;
    int64_t v_k1_it = 0;
    int64_t v_k2_it = 0;
    int64_t v_k3_len = 0;
    int64_t v_k4_len = 0;
    int64_t v_k5_bdim = 0;
    double v_k6_sum = 0;
    int64_t v_k7_i = 0;
    int64_t v_k8_i = 0;
    double v_k9_fill = 0;
    double v_k10_fill = 0;
    int64_t v_k11_it = 0;
    int64_t v_k12_len = 0;
    int64_t v_k13_len = 0;
    int64_t v_k14_bdim = 0;
    double v_k15_sum = 0;
    int64_t v_k16_i = 0;
    int64_t v_k17_i = 0;
    double v_k18_fill = 0;
    PyObject* kiln_result = NULL;
    int kiln_stop = 0; /* a signal handler raised: every thread leaves (kiln_poll_signals) */
    if (nargs != 1) {
      PyErr_SetString(PyExc_TypeError, "expected 1 arguments"); return NULL; }
    a_p_a_o = args[0]; Py_INCREF(args[0]);
    a_p_a_d = (double*)PyArray_DATA((PyArrayObject*)args[0]);
    a_p_a_s0 = PyArray_DIM((PyArrayObject*)args[0], 0);
    a_p_a_t0 = PyArray_STRIDE((PyArrayObject*)args[0], 0) / (npy_intp)sizeof(double);
    a_p_a_s1 = PyArray_DIM((PyArrayObject*)args[0], 1);
    a_p_a_t1 = PyArray_STRIDE((PyArrayObject*)args[0], 1) / (npy_intp)sizeof(double);
    if (!PyArray_ISWRITEABLE((PyArrayObject*)args[0])) {
        PyErr_SetString(PyExc_ValueError, "assignment destination is read-only (argument 'a')");
        goto kiln_fail;
    }
    v_u_n = a_p_a_s0;
    {
        const int64_t k_lo1 = INT64_C(0), k_hi2 = v_u_n, k_st3 = INT64_C(1);
    kiln_poller k_poll5 = KILN_POLLER;
        for (int64_t k_t4 = k_lo1; k_t4 < k_hi2; k_t4 += k_st3) { /* kiln loop #37 */
            v_k1_it = k_t4;
            if (KILN_POLL(k_poll5, &kiln_stop)) {
                goto kiln_fail;
            }
            v_u_i = v_k1_it;
            {
                const int64_t k_lo6 = INT64_C(0), k_hi7 = v_u_i, k_st8 = INT64_C(1);
                for (int64_t k_t9 = k_lo6; k_t9 < k_hi7; k_t9 += k_st8) { /* kiln loop #20 */
                    v_k2_it = k_t9;
                    v_u_j = v_k2_it;
                    v_k3_len = ((((((v_u_j) < (a_p_a_s1)) ? (v_u_j) : (a_p_a_s1))) > (INT64_C(0))) ? ((((v_u_j) < (a_p_a_s1)) ? (v_u_j) : (a_p_a_s1))) : (INT64_C(0)));
                    v_k4_len = ((((((v_u_j) < (a_p_a_s0)) ? (v_u_j) : (a_p_a_s0))) > (INT64_C(0))) ? ((((v_u_j) < (a_p_a_s0)) ? (v_u_j) : (a_p_a_s0))) : (INT64_C(0)));
                    if (!(((v_k3_len) == (v_k4_len)))) {
                        PyErr_Format(PyExc_ValueError, "matmul: mismatch in the contracted dimension (%lld is different from %lld)", (long long)(v_k3_len), (long long)(v_k4_len));
                        goto kiln_fail;
                    }
                    if (!(((((v_k3_len) == (v_k4_len))) || (((((v_k3_len) == (INT64_C(1)))) || (((v_k4_len) == (INT64_C(1))))))))) {
                        PyErr_Format(PyExc_ValueError, "operands could not be broadcast together: dimension %lld vs %lld", (long long)(v_k3_len), (long long)(v_k4_len));
                        goto kiln_fail;
                    }
                    v_k5_bdim = ((((v_k3_len) == (INT64_C(1)))) ? (v_k4_len) : (v_k3_len));
                    if (((((v_k3_len) == (v_k5_bdim))) && (((v_k4_len) == (v_k5_bdim))))) {
                        v_k6_sum = 0.0;
                        {
                            const int64_t k_lo10 = INT64_C(0), k_hi11 = v_k5_bdim, k_st12 = INT64_C(1);
                            #pragma omp simd reduction(+:v_k6_sum)
                            for (int64_t k_t13 = k_lo10; k_t13 < k_hi11; k_t13 += k_st12) { /* kiln loop #11 */
                                v_k7_i = k_t13;
                                v_k6_sum = ((v_k6_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_k7_i]) * (a_p_a_d[(v_k7_i)*(a_p_a_s1) + v_u_j]))));
                            }
                        }
                    } else {
                        v_k6_sum = 0.0;
                        {
                            const int64_t k_lo14 = INT64_C(0), k_hi15 = v_k5_bdim, k_st16 = INT64_C(1);
                            #pragma omp simd reduction(+:v_k6_sum)
                            for (int64_t k_t17 = k_lo14; k_t17 < k_hi15; k_t17 += k_st16) { /* kiln loop #14 */
                                v_k8_i = k_t17;
                                v_k6_sum = ((v_k6_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + ((((v_k3_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k8_i))]) * (a_p_a_d[(((((v_k4_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k8_i)))*(a_p_a_s1) + v_u_j]))));
                            }
                        }
                    }
                    v_k9_fill = ((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j]) - (v_k6_sum));
                    a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j] = v_k9_fill;
                    v_k10_fill = ((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j]) / (a_p_a_d[(v_u_j)*(a_p_a_s1) + v_u_j]));
                    a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j] = v_k10_fill;
                }
            }
            {
                const int64_t k_lo18 = v_u_i, k_hi19 = v_u_n, k_st20 = INT64_C(1);
                for (int64_t k_t21 = k_lo18; k_t21 < k_hi19; k_t21 += k_st20) { /* kiln loop #36 */
                    v_k11_it = k_t21;
                    v_u_j = v_k11_it;
                    v_k12_len = ((((((v_u_i) < (a_p_a_s1)) ? (v_u_i) : (a_p_a_s1))) > (INT64_C(0))) ? ((((v_u_i) < (a_p_a_s1)) ? (v_u_i) : (a_p_a_s1))) : (INT64_C(0)));
                    v_k13_len = ((((((v_u_i) < (a_p_a_s0)) ? (v_u_i) : (a_p_a_s0))) > (INT64_C(0))) ? ((((v_u_i) < (a_p_a_s0)) ? (v_u_i) : (a_p_a_s0))) : (INT64_C(0)));
                    if (!(((v_k12_len) == (v_k13_len)))) {
                        PyErr_Format(PyExc_ValueError, "matmul: mismatch in the contracted dimension (%lld is different from %lld)", (long long)(v_k12_len), (long long)(v_k13_len));
                        goto kiln_fail;
                    }
                    if (!(((((v_k12_len) == (v_k13_len))) || (((((v_k12_len) == (INT64_C(1)))) || (((v_k13_len) == (INT64_C(1))))))))) {
                        PyErr_Format(PyExc_ValueError, "operands could not be broadcast together: dimension %lld vs %lld", (long long)(v_k12_len), (long long)(v_k13_len));
                        goto kiln_fail;
                    }
                    v_k14_bdim = ((((v_k12_len) == (INT64_C(1)))) ? (v_k13_len) : (v_k12_len));
                    if (((((v_k12_len) == (v_k14_bdim))) && (((v_k13_len) == (v_k14_bdim))))) {
                        v_k15_sum = 0.0;
                        {
                            const int64_t k_lo22 = INT64_C(0), k_hi23 = v_k14_bdim, k_st24 = INT64_C(1);
                            #pragma omp simd reduction(+:v_k15_sum)
                            for (int64_t k_t25 = k_lo22; k_t25 < k_hi23; k_t25 += k_st24) { /* kiln loop #29 */
                                v_k16_i = k_t25;
                                v_k15_sum = ((v_k15_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_k16_i]) * (a_p_a_d[(v_k16_i)*(a_p_a_s1) + v_u_j]))));
                            }
                        }
                    } else {
                        v_k15_sum = 0.0;
                        {
                            const int64_t k_lo26 = INT64_C(0), k_hi27 = v_k14_bdim, k_st28 = INT64_C(1);
                            #pragma omp simd reduction(+:v_k15_sum)
                            for (int64_t k_t29 = k_lo26; k_t29 < k_hi27; k_t29 += k_st28) { /* kiln loop #32 */
                                v_k17_i = k_t29;
                                v_k15_sum = ((v_k15_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + ((((v_k12_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i))]) * (a_p_a_d[(((((v_k13_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))*(a_p_a_s1) + v_u_j]))));
                            }
                        }
                    }
                    v_k18_fill = ((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j]) - (v_k15_sum));
                    a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j] = v_k18_fill;
                }
            }
        }
    }
    kiln_result = Py_None; Py_INCREF(Py_None);
    goto kiln_cleanup;
    kiln_fail:
    Py_XDECREF(kiln_result); kiln_result = NULL;
    kiln_cleanup:
    Py_XDECREF(a_p_a_o);
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

