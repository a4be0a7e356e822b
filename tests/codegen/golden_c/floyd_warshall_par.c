
/* kiln: end of prelude */


/* kiln: floyd_warshall */
static PyObject* kiln_entry(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
    int32_t* a_p_path_d = NULL;
    PyObject* a_p_path_o = NULL;
    npy_intp a_p_path_s0 = 0, a_p_path_t0 = 0;
    npy_intp a_p_path_s1 = 0, a_p_path_t1 = 0;
    int64_t v_u_n = 0;
    int64_t v_u_k = 0;
    int64_t v_u_i = 0;
    int64_t v_u_j = 0;
    int64_t v_k1_it = 0;
    int64_t v_k2_it = 0;
    int64_t v_k3_it = 0;
    int32_t v_k4_min = 0;
    PyObject* kiln_result = NULL;
    int kiln_stop = 0; /* a signal handler raised: every thread leaves (kiln_poll_signals) */
    int64_t kiln_team = 0; /* work of parallel loops so far (kiln_worth_team) */
    if (nargs != 1) {
      PyErr_SetString(PyExc_TypeError, "expected 1 arguments"); return NULL; }
    a_p_path_o = args[0]; Py_INCREF(args[0]);
    a_p_path_d = (int32_t*)PyArray_DATA((PyArrayObject*)args[0]);
    a_p_path_s0 = PyArray_DIM((PyArrayObject*)args[0], 0);
    a_p_path_t0 = PyArray_STRIDE((PyArrayObject*)args[0], 0) / (npy_intp)sizeof(int32_t);
    a_p_path_s1 = PyArray_DIM((PyArrayObject*)args[0], 1);
    a_p_path_t1 = PyArray_STRIDE((PyArrayObject*)args[0], 1) / (npy_intp)sizeof(int32_t);
    if (!PyArray_ISWRITEABLE((PyArrayObject*)args[0])) {
        PyErr_SetString(PyExc_ValueError, "assignment destination is read-only (argument 'path')");
        goto kiln_fail;
    }
    v_u_n = a_p_path_s0;
    {
        const int64_t k_lo1 = INT64_C(0), k_hi2 = v_u_n, k_st3 = INT64_C(1);
    kiln_poller k_poll5 = KILN_POLLER;
        for (int64_t k_t4 = k_lo1; k_t4 < k_hi2; k_t4 += k_st3) { /* kiln loop #9 */
            v_k1_it = k_t4;
            if (KILN_POLL(k_poll5, &kiln_stop)) {
                goto kiln_fail;
            }
            v_u_k = v_k1_it;
            {
                const int64_t k_lo6 = INT64_C(0), k_hi7 = v_u_n, k_st8 = INT64_C(1);
                for (int64_t k_t9 = k_lo6; k_t9 < k_hi7; k_t9 += k_st8) { /* kiln loop #8 */
                    v_k2_it = k_t9;
                    v_u_i = v_k2_it;
                    {
                        const int64_t k_lo10 = INT64_C(0), k_hi11 = v_u_n, k_st12 = INT64_C(1);
                        for (int64_t k_t13 = k_lo10; k_t13 < k_hi11; k_t13 += k_st12) { /* kiln loop #7 */
                            v_k3_it = k_t13;
                            v_u_j = v_k3_it;
                            v_k4_min = ((((((a_p_path_d[(v_u_i)*(a_p_path_s1) + v_u_k]) + (a_p_path_d[(v_u_k)*(a_p_path_s1) + v_u_j]))) < (a_p_path_d[(v_u_i)*(a_p_path_s1) + v_u_j]))) ? (((a_p_path_d[(v_u_i)*(a_p_path_s1) + v_u_k]) + (a_p_path_d[(v_u_k)*(a_p_path_s1) + v_u_j]))) : (a_p_path_d[(v_u_i)*(a_p_path_s1) + v_u_j]));
                            a_p_path_d[(v_u_i)*(a_p_path_s1) + v_u_j] = v_k4_min;
                        }
                    }
                }
            }
        }
    }
    kiln_result = Py_None; Py_INCREF(Py_None);
    goto kiln_cleanup;
    kiln_fail:
    Py_XDECREF(kiln_result); kiln_result = NULL;
    kiln_cleanup:
    Py_XDECREF(a_p_path_o);
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

