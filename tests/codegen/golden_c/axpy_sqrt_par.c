
/* kiln: end of prelude */


/* kiln: axpy_sqrt */
static PyObject* kiln_entry(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
    double v_p_alpha = 0;
    double* a_p_a_d = NULL;
    PyObject* a_p_a_o = NULL;
    npy_intp a_p_a_s0 = 0, a_p_a_t0 = 0;
    double* a_p_b_d = NULL;
    PyObject* a_p_b_o = NULL;
    npy_intp a_p_b_s0 = 0, a_p_b_t0 = 0;
    double* a_u_ret__0_d = NULL;
    PyObject* a_u_ret__0_o = NULL;
    npy_intp a_u_ret__0_s0 = 0, a_u_ret__0_t0 = 0;
    int64_t v_k1_bdim = 0;
    int64_t v_k2_i = 0;
    int64_t v_k3_i = 0;
    PyObject* kiln_result = NULL;
    int kiln_stop = 0; /* a signal handler raised: every thread leaves (kiln_poll_signals) */
    int64_t kiln_team = 0; /* work of parallel loops so far (kiln_worth_team) */
    if (nargs != 3) {
      PyErr_SetString(PyExc_TypeError, "expected 3 arguments"); return NULL; }
    v_p_alpha = PyFloat_AsDouble(args[0]); if (v_p_alpha == -1.0 && PyErr_Occurred()) goto kiln_fail;
    a_p_a_o = args[1]; Py_INCREF(args[1]);
    a_p_a_d = (double*)PyArray_DATA((PyArrayObject*)args[1]);
    a_p_a_s0 = PyArray_DIM((PyArrayObject*)args[1], 0);
    a_p_a_t0 = PyArray_STRIDE((PyArrayObject*)args[1], 0) / (npy_intp)sizeof(double);
    a_p_b_o = args[2]; Py_INCREF(args[2]);
    a_p_b_d = (double*)PyArray_DATA((PyArrayObject*)args[2]);
    a_p_b_s0 = PyArray_DIM((PyArrayObject*)args[2], 0);
    a_p_b_t0 = PyArray_STRIDE((PyArrayObject*)args[2], 0) / (npy_intp)sizeof(double);
    if (!(((((a_p_a_s0) == (a_p_b_s0))) || (((((a_p_a_s0) == (INT64_C(1)))) || (((a_p_b_s0) == (INT64_C(1))))))))) {
        PyErr_Format(PyExc_ValueError, "operands could not be broadcast together: dimension %lld vs %lld", (long long)(a_p_a_s0), (long long)(a_p_b_s0));
        goto kiln_fail;
    }
    v_k1_bdim = ((((a_p_a_s0) == (INT64_C(1)))) ? (a_p_b_s0) : (a_p_a_s0));
    {
        npy_intp d_[1] = {v_k1_bdim};
        PyObject* k_o1 = kiln_result_array(1, d_, NPY_FLOAT64);
        if (!k_o1) goto kiln_fail;
        Py_XDECREF(a_u_ret__0_o); a_u_ret__0_o = k_o1;
        a_u_ret__0_d = (double*)PyArray_DATA((PyArrayObject*)k_o1);
        a_u_ret__0_s0 = d_[0];
        a_u_ret__0_t0 = 1;
    }
    if (((((a_p_a_s0) == (v_k1_bdim))) && (((a_p_b_s0) == (v_k1_bdim))))) {
        {
            const int64_t k_lo2 = INT64_C(0), k_hi3 = v_k1_bdim, k_st4 = INT64_C(1);
            if (kiln_team_of_many() && (kiln_worth_team((k_hi3 - k_lo2) * 13, &kiln_team))) {
                #pragma omp parallel for schedule(static) private(v_k2_i)
                for (int64_t k_t5 = k_lo2; k_t5 < k_hi3; k_t5 += k_st4) { /* kiln loop #5 */
                    v_k2_i = k_t5;
                    a_u_ret__0_d[v_k2_i] = ((((v_p_alpha) * (sqrt(a_p_a_d[v_k2_i])))) + (a_p_b_d[v_k2_i]));
                }
            } else {
                for (int64_t k_t5 = k_lo2; k_t5 < k_hi3; k_t5 += k_st4) { /* kiln loop #5 */
                    v_k2_i = k_t5;
                    a_u_ret__0_d[v_k2_i] = ((((v_p_alpha) * (sqrt(a_p_a_d[v_k2_i])))) + (a_p_b_d[v_k2_i]));
                }
            }
        }
    } else {
        {
            const int64_t k_lo9 = INT64_C(0), k_hi10 = v_k1_bdim, k_st11 = INT64_C(1);
            if (kiln_team_of_many() && (kiln_worth_team((k_hi10 - k_lo9) * 17, &kiln_team))) {
                #pragma omp parallel for schedule(static) private(v_k3_i)
                for (int64_t k_t12 = k_lo9; k_t12 < k_hi10; k_t12 += k_st11) { /* kiln loop #7 */
                    v_k3_i = k_t12;
                    a_u_ret__0_d[v_k3_i] = ((((v_p_alpha) * (sqrt(a_p_a_d[((((a_p_a_s0) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k3_i))])))) + (a_p_b_d[((((a_p_b_s0) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k3_i))]));
                }
            } else {
                for (int64_t k_t12 = k_lo9; k_t12 < k_hi10; k_t12 += k_st11) { /* kiln loop #7 */
                    v_k3_i = k_t12;
                    a_u_ret__0_d[v_k3_i] = ((((v_p_alpha) * (sqrt(a_p_a_d[((((a_p_a_s0) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k3_i))])))) + (a_p_b_d[((((a_p_b_s0) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k3_i))]));
                }
            }
        }
    }
    kiln_result = kiln_box_array(a_u_ret__0_d, 1, (npy_intp[]){a_u_ret__0_s0}, (npy_intp[]){1}, NPY_FLOAT64, a_u_ret__0_o);
    if (!kiln_result) goto kiln_fail;
    goto kiln_cleanup;
    if (!(0)) {
        PyErr_Format(PyExc_RuntimeError, "axpy_sqrt() reached its end without returning a value");
        goto kiln_fail;
    }
    kiln_result = Py_None; Py_INCREF(Py_None);
    goto kiln_cleanup;
    kiln_fail:
    Py_XDECREF(kiln_result); kiln_result = NULL;
    kiln_cleanup:
    Py_XDECREF(a_p_a_o);
    Py_XDECREF(a_p_b_o);
    Py_XDECREF(a_u_ret__0_o);
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

