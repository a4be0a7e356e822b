
/* kiln: end of prelude */


/* kiln: histogram */
static PyObject* kiln_entry(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
    double* a_p_x_d = NULL;
    PyObject* a_p_x_o = NULL;
    npy_intp a_p_x_s0 = 0, a_p_x_t0 = 0;
    int64_t v_p_bins = 0;
    int64_t* a_u_h_d = NULL;
    PyObject* a_u_h_o = NULL;
    npy_intp a_u_h_s0 = 0, a_u_h_t0 = 0;
    int64_t v_u_i = 0;
    int64_t v_u_k = 0;
    int64_t* a_u_ret__0_d = NULL;
    PyObject* a_u_ret__0_o = NULL;
    npy_intp a_u_ret__0_s0 = 0, a_u_ret__0_t0 = 0;
    int64_t v_k1_i = 0;
    int64_t v_k2_it = 0;
    int64_t v_k3_ix = 0;
    int64_t v_k4_fill = 0;
    PyObject* kiln_result = NULL;
    int kiln_stop = 0; /* a signal handler raised: every thread leaves (kiln_poll_signals) */
    if (nargs != 2) {
      PyErr_SetString(PyExc_TypeError, "expected 2 arguments"); return NULL; }
    a_p_x_o = args[0]; Py_INCREF(args[0]);
    a_p_x_d = (double*)PyArray_DATA((PyArrayObject*)args[0]);
    a_p_x_s0 = PyArray_DIM((PyArrayObject*)args[0], 0);
    a_p_x_t0 = PyArray_STRIDE((PyArrayObject*)args[0], 0) / (npy_intp)sizeof(double);
    v_p_bins = PyLong_AsLongLong(args[1]); if (v_p_bins == -1 && PyErr_Occurred()) goto kiln_fail;
    {
        npy_intp d_[1] = {v_p_bins};
        PyObject* k_o1 = kiln_result_array(1, d_, NPY_INT64);
        if (!k_o1) goto kiln_fail;
        Py_XDECREF(a_u_h_o); a_u_h_o = k_o1;
        a_u_h_d = (int64_t*)PyArray_DATA((PyArrayObject*)k_o1);
        a_u_h_s0 = d_[0];
        a_u_h_t0 = 1;
    }
    {
        const int64_t k_lo2 = INT64_C(0), k_hi3 = v_p_bins, k_st4 = INT64_C(1);
        for (int64_t k_t5 = k_lo2; k_t5 < k_hi3; k_t5 += k_st4) { /* kiln loop #3 */
            v_k1_i = k_t5;
            a_u_h_d[v_k1_i] = INT64_C(0);
        }
    }
    {
        const int64_t k_lo6 = INT64_C(0), k_hi7 = a_p_x_s0, k_st8 = INT64_C(1);
        for (int64_t k_t9 = k_lo6; k_t9 < k_hi7; k_t9 += k_st8) { /* kiln loop #12 */
            v_k2_it = k_t9;
            v_u_i = v_k2_it;
            if (!(((((a_p_x_d[v_u_i]) * (((double)(v_p_bins))))) == (((a_p_x_d[v_u_i]) * (((double)(v_p_bins)))))))) {
                PyErr_Format(PyExc_ValueError, "cannot convert float NaN to integer");
                goto kiln_fail;
            }
            if (!((((!((((a_p_x_d[v_u_i]) * (((double)(v_p_bins))))) == (((a_p_x_d[v_u_i]) * (((double)(v_p_bins)))))))) || (((((((a_p_x_d[v_u_i]) * (((double)(v_p_bins))))) >= ((-9.223372036854776e+18)))) && (((((a_p_x_d[v_u_i]) * (((double)(v_p_bins))))) < (9.223372036854776e+18)))))))) {
                PyErr_Format(PyExc_OverflowError, "cannot convert float infinity (or beyond int64) to integer");
                goto kiln_fail;
            }
            v_u_k = ((int64_t)(((a_p_x_d[v_u_i]) * (((double)(v_p_bins))))));
            if (((((INT64_C(0)) <= (v_u_k))) && (((v_u_k) < (v_p_bins))))) {
                v_k3_ix = ((((v_u_k) < (INT64_C(0)))) ? (((v_u_k) + (v_p_bins))) : (v_u_k));
                v_k4_fill = ((a_u_h_d[v_k3_ix]) + (INT64_C(1)));
                a_u_h_d[v_k3_ix] = v_k4_fill;
            }
        }
    }
    {
        int64_t* nd_ = a_u_h_d + (INT64_C(0));
        npy_intp ns0_ = v_p_bins, nt0_ = 1;
        Py_XINCREF(a_u_h_o); Py_XDECREF(a_u_ret__0_o); a_u_ret__0_o = a_u_h_o;
        a_u_ret__0_d = nd_;
        a_u_ret__0_s0 = ns0_; a_u_ret__0_t0 = nt0_;
    }
    kiln_result = kiln_box_array(a_u_ret__0_d, 1, (npy_intp[]){a_u_ret__0_s0}, (npy_intp[]){1}, NPY_INT64, a_u_ret__0_o);
    if (!kiln_result) goto kiln_fail;
    goto kiln_cleanup;
    if (!(0)) {
        PyErr_Format(PyExc_RuntimeError, "histogram() reached its end without returning a value");
        goto kiln_fail;
    }
    kiln_result = Py_None; Py_INCREF(Py_None);
    goto kiln_cleanup;
    kiln_fail:
    Py_XDECREF(kiln_result); kiln_result = NULL;
    kiln_cleanup:
    Py_XDECREF(a_p_x_o);
    Py_XDECREF(a_u_h_o);
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

