


/* kiln: jacobi_2d */
static PyObject* kiln_entry(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
    double* a_p_a_d = NULL;
    PyObject* a_p_a_o = NULL;
    npy_intp a_p_a_s0 = 0, a_p_a_t0 = 0;
    npy_intp a_p_a_s1 = 0, a_p_a_t1 = 0;
    double* a_p_b_d = NULL;
    PyObject* a_p_b_o = NULL;
    npy_intp a_p_b_s0 = 0, a_p_b_t0 = 0;
    npy_intp a_p_b_s1 = 0, a_p_b_t1 = 0;
    int64_t v_p_steps = 0;
    int64_t v_u__ = 0;
    int64_t v_k1_it = 0;
    double* a_k2_view_d = NULL;
    PyObject* a_k2_view_o = NULL;
    npy_intp a_k2_view_s0 = 0, a_k2_view_t0 = 0;
    npy_intp a_k2_view_s1 = 0, a_k2_view_t1 = 0;
    double* a_k3_view_d = NULL;
    PyObject* a_k3_view_o = NULL;
    npy_intp a_k3_view_s0 = 0, a_k3_view_t0 = 0;
    npy_intp a_k3_view_s1 = 0, a_k3_view_t1 = 0;
    double* a_k4_view_d = NULL;
    PyObject* a_k4_view_o = NULL;
    npy_intp a_k4_view_s0 = 0, a_k4_view_t0 = 0;
    npy_intp a_k4_view_s1 = 0, a_k4_view_t1 = 0;
    double* a_k5_view_d = NULL;
    PyObject* a_k5_view_o = NULL;
    npy_intp a_k5_view_s0 = 0, a_k5_view_t0 = 0;
    npy_intp a_k5_view_s1 = 0, a_k5_view_t1 = 0;
    double* a_k6_view_d = NULL;
    PyObject* a_k6_view_o = NULL;
    npy_intp a_k6_view_s0 = 0, a_k6_view_t0 = 0;
    npy_intp a_k6_view_s1 = 0, a_k6_view_t1 = 0;
    double* a_k7_view_d = NULL;
    PyObject* a_k7_view_o = NULL;
    npy_intp a_k7_view_s0 = 0, a_k7_view_t0 = 0;
    npy_intp a_k7_view_s1 = 0, a_k7_view_t1 = 0;
    double* a_k8_arr_d = NULL;
    PyObject* a_k8_arr_o = NULL;
    npy_intp a_k8_arr_s0 = 0, a_k8_arr_t0 = 0;
    npy_intp a_k8_arr_s1 = 0, a_k8_arr_t1 = 0;
    int64_t v_k9_i = 0;
    int64_t v_k10_i = 0;
    int64_t v_k11_i = 0;
    int64_t v_k12_i = 0;
    int64_t v_k13_i = 0;
    int64_t v_k14_i = 0;
    int64_t v_k15_i = 0;
    int64_t v_k16_i = 0;
    int64_t v_k17_i = 0;
    int64_t v_k18_i = 0;
    double* a_k19_view_d = NULL;
    PyObject* a_k19_view_o = NULL;
    npy_intp a_k19_view_s0 = 0, a_k19_view_t0 = 0;
    npy_intp a_k19_view_s1 = 0, a_k19_view_t1 = 0;
    double* a_k20_view_d = NULL;
    PyObject* a_k20_view_o = NULL;
    npy_intp a_k20_view_s0 = 0, a_k20_view_t0 = 0;
    npy_intp a_k20_view_s1 = 0, a_k20_view_t1 = 0;
    double* a_k21_view_d = NULL;
    PyObject* a_k21_view_o = NULL;
    npy_intp a_k21_view_s0 = 0, a_k21_view_t0 = 0;
    npy_intp a_k21_view_s1 = 0, a_k21_view_t1 = 0;
    double* a_k22_view_d = NULL;
    PyObject* a_k22_view_o = NULL;
    npy_intp a_k22_view_s0 = 0, a_k22_view_t0 = 0;
    npy_intp a_k22_view_s1 = 0, a_k22_view_t1 = 0;
    double* a_k23_view_d = NULL;
    PyObject* a_k23_view_o = NULL;
    npy_intp a_k23_view_s0 = 0, a_k23_view_t0 = 0;
    npy_intp a_k23_view_s1 = 0, a_k23_view_t1 = 0;
    double* a_k24_view_d = NULL;
    PyObject* a_k24_view_o = NULL;
    npy_intp a_k24_view_s0 = 0, a_k24_view_t0 = 0;
    npy_intp a_k24_view_s1 = 0, a_k24_view_t1 = 0;
    double* a_k25_arr_d = NULL;
    PyObject* a_k25_arr_o = NULL;
    npy_intp a_k25_arr_s0 = 0, a_k25_arr_t0 = 0;
    npy_intp a_k25_arr_s1 = 0, a_k25_arr_t1 = 0;
    int64_t v_k26_i = 0;
    int64_t v_k27_i = 0;
    int64_t v_k28_i = 0;
    int64_t v_k29_i = 0;
    int64_t v_k30_i = 0;
    int64_t v_k31_i = 0;
    int64_t v_k32_i = 0;
    int64_t v_k33_i = 0;
    int64_t v_k34_i = 0;
    int64_t v_k35_i = 0;
    double v_c11_k8_arr = 0;
    double v_c38_k25_arr = 0;
    PyObject* kiln_result = NULL;
    int kiln_stop = 0; /* a signal handler raised: every thread leaves (kiln_poll_signals) */
    if (nargs != 3) {
      PyErr_SetString(PyExc_TypeError, "expected 3 arguments"); return NULL; }
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
    a_p_b_o = args[1]; Py_INCREF(args[1]);
    a_p_b_d = (double*)PyArray_DATA((PyArrayObject*)args[1]);
    a_p_b_s0 = PyArray_DIM((PyArrayObject*)args[1], 0);
    a_p_b_t0 = PyArray_STRIDE((PyArrayObject*)args[1], 0) / (npy_intp)sizeof(double);
    a_p_b_s1 = PyArray_DIM((PyArrayObject*)args[1], 1);
    a_p_b_t1 = PyArray_STRIDE((PyArrayObject*)args[1], 1) / (npy_intp)sizeof(double);
    if (!PyArray_ISWRITEABLE((PyArrayObject*)args[1])) {
        PyErr_SetString(PyExc_ValueError, "assignment destination is read-only (argument 'b')");
        goto kiln_fail;
    }
    v_p_steps = PyLong_AsLongLong(args[2]); if (v_p_steps == -1 && PyErr_Occurred()) goto kiln_fail;
    {
        npy_intp d_[1] = {(npy_intp)1 * (npy_intp)1 * (((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) > 0 ? ((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) : 0) * (((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) > 0 ? ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) : 0)};
        PyObject* k_o5 = kiln_scratch_array(1, d_, NPY_FLOAT64);
        if (!k_o5) goto kiln_fail;
        Py_XDECREF(a_k8_arr_o); a_k8_arr_o = k_o5;
    }
    {
        npy_intp d_[1] = {(npy_intp)1 * (npy_intp)1 * (((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) > 0 ? ((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) : 0) * (((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) > 0 ? ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) : 0)};
        PyObject* k_o6 = kiln_scratch_array(1, d_, NPY_FLOAT64);
        if (!k_o6) goto kiln_fail;
        Py_XDECREF(a_k25_arr_o); a_k25_arr_o = k_o6;
    }
    {
        const int64_t k_lo1 = INT64_C(0), k_hi2 = v_p_steps, k_st3 = INT64_C(1);
        for (int64_t k_t4 = k_lo1; k_t4 < k_hi2; k_t4 += k_st3) { /* kiln loop #56 */
            v_k1_it = k_t4;
            if (kiln_poll_signals(&kiln_stop)) {
                goto kiln_fail;
            }
            v_u__ = v_k1_it;
            if (!((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))))) || ((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1))))))) {
                PyErr_Format(PyExc_ValueError, "could not broadcast input array dimension %lld into destination dimension %lld", (long long)((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))), (long long)((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))));
                goto kiln_fail;
            }
            if (!((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))))) || ((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1))))))) {
                PyErr_Format(PyExc_ValueError, "could not broadcast input array dimension %lld into destination dimension %lld", (long long)((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))), (long long)((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))));
                goto kiln_fail;
            }
            {
                double* nd_ = a_p_b_d + (((a_p_b_s1) + (1)));
                npy_intp ns0_ = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_b_s1;
                npy_intp ns1_ = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                Py_XINCREF(a_p_b_o); Py_XDECREF(a_k2_view_o); a_k2_view_o = a_p_b_o;
                a_k2_view_d = nd_;
                a_k2_view_s0 = ns0_; a_k2_view_t0 = nt0_;
                a_k2_view_s1 = ns1_; a_k2_view_t1 = nt1_;
            }
            {
                double* nd_ = a_p_a_d + (((a_p_a_s1) + (1)));
                npy_intp ns0_ = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_a_s1;
                npy_intp ns1_ = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                Py_XINCREF(a_p_a_o); Py_XDECREF(a_k3_view_o); a_k3_view_o = a_p_a_o;
                a_k3_view_d = nd_;
                a_k3_view_s0 = ns0_; a_k3_view_t0 = nt0_;
                a_k3_view_s1 = ns1_; a_k3_view_t1 = nt1_;
            }
            {
                double* nd_ = a_p_a_d + (a_p_a_s1);
                npy_intp ns0_ = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_a_s1;
                npy_intp ns1_ = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                Py_XINCREF(a_p_a_o); Py_XDECREF(a_k4_view_o); a_k4_view_o = a_p_a_o;
                a_k4_view_d = nd_;
                a_k4_view_s0 = ns0_; a_k4_view_t0 = nt0_;
                a_k4_view_s1 = ns1_; a_k4_view_t1 = nt1_;
            }
            {
                double* nd_ = a_p_a_d + (((a_p_a_s1) + (((INT64_C(2)) * (1)))));
                npy_intp ns0_ = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_a_s1;
                npy_intp ns1_ = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                Py_XINCREF(a_p_a_o); Py_XDECREF(a_k5_view_o); a_k5_view_o = a_p_a_o;
                a_k5_view_d = nd_;
                a_k5_view_s0 = ns0_; a_k5_view_t0 = nt0_;
                a_k5_view_s1 = ns1_; a_k5_view_t1 = nt1_;
            }
            {
                double* nd_ = a_p_a_d + (((((INT64_C(2)) * (a_p_a_s1))) + (1)));
                npy_intp ns0_ = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_a_s1;
                npy_intp ns1_ = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                Py_XINCREF(a_p_a_o); Py_XDECREF(a_k6_view_o); a_k6_view_o = a_p_a_o;
                a_k6_view_d = nd_;
                a_k6_view_s0 = ns0_; a_k6_view_t0 = nt0_;
                a_k6_view_s1 = ns1_; a_k6_view_t1 = nt1_;
            }
            {
                double* nd_ = a_p_a_d + (1);
                npy_intp ns0_ = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_a_s1;
                npy_intp ns1_ = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                Py_XINCREF(a_p_a_o); Py_XDECREF(a_k7_view_o); a_k7_view_o = a_p_a_o;
                a_k7_view_d = nd_;
                a_k7_view_s0 = ns0_; a_k7_view_t0 = nt0_;
                a_k7_view_s1 = ns1_; a_k7_view_t1 = nt1_;
            }
            if (((((((((((0) || (kiln_spans_overlap(kiln_span_of(a_k2_view_d, 2, (npy_intp[]){a_k2_view_s0, a_k2_view_s1}, (npy_intp[]){a_k2_view_t0, 1}, sizeof(double)), kiln_span_of(a_k3_view_d, 2, (npy_intp[]){a_k3_view_s0, a_k3_view_s1}, (npy_intp[]){a_k3_view_t0, 1}, sizeof(double)))))) || (kiln_spans_overlap(kiln_span_of(a_k2_view_d, 2, (npy_intp[]){a_k2_view_s0, a_k2_view_s1}, (npy_intp[]){a_k2_view_t0, 1}, sizeof(double)), kiln_span_of(a_k4_view_d, 2, (npy_intp[]){a_k4_view_s0, a_k4_view_s1}, (npy_intp[]){a_k4_view_t0, 1}, sizeof(double)))))) || (kiln_spans_overlap(kiln_span_of(a_k2_view_d, 2, (npy_intp[]){a_k2_view_s0, a_k2_view_s1}, (npy_intp[]){a_k2_view_t0, 1}, sizeof(double)), kiln_span_of(a_k5_view_d, 2, (npy_intp[]){a_k5_view_s0, a_k5_view_s1}, (npy_intp[]){a_k5_view_t0, 1}, sizeof(double)))))) || (kiln_spans_overlap(kiln_span_of(a_k2_view_d, 2, (npy_intp[]){a_k2_view_s0, a_k2_view_s1}, (npy_intp[]){a_k2_view_t0, 1}, sizeof(double)), kiln_span_of(a_k6_view_d, 2, (npy_intp[]){a_k6_view_s0, a_k6_view_s1}, (npy_intp[]){a_k6_view_t0, 1}, sizeof(double)))))) || (kiln_spans_overlap(kiln_span_of(a_k2_view_d, 2, (npy_intp[]){a_k2_view_s0, a_k2_view_s1}, (npy_intp[]){a_k2_view_t0, 1}, sizeof(double)), kiln_span_of(a_k7_view_d, 2, (npy_intp[]){a_k7_view_s0, a_k7_view_s1}, (npy_intp[]){a_k7_view_t0, 1}, sizeof(double)))))) {
                if (!((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) >= (INT64_C(0))))) {
                    PyErr_Format(PyExc_ValueError, "negative dimensions are not allowed");
                    goto kiln_fail;
                }
                if (!((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) >= (INT64_C(0))))) {
                    PyErr_Format(PyExc_ValueError, "negative dimensions are not allowed");
                    goto kiln_fail;
                }
                {
                    a_k8_arr_d = (double*)PyArray_DATA((PyArrayObject*)a_k8_arr_o);
                    a_k8_arr_s0 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)));
                    a_k8_arr_s1 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)));
                    a_k8_arr_t1 = 1;
                    a_k8_arr_t0 = a_k8_arr_t1 * (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)));
                }
                if ((((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))))) && ((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))))))) && ((!kiln_spans_overlap(kiln_span_of(a_p_a_d, 2, (npy_intp[]){a_p_a_s0, a_p_a_s1}, (npy_intp[]){a_p_a_s1, 1}, sizeof(double)), kiln_span_of(a_p_b_d, 2, (npy_intp[]){a_p_b_s0, a_p_b_s1}, (npy_intp[]){a_p_b_s1, 1}, sizeof(double))))))) {
                    {
                        const int64_t k_lo7 = INT64_C(0), k_hi8 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st9 = INT64_C(1);
                        for (int64_t k_t10 = k_lo7; k_t10 < k_hi8; k_t10 += k_st9) { /* kiln loop #13 */
                            v_k9_i = k_t10;
                            {
                                const int64_t k_lo11 = INT64_C(0), k_hi12 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st13 = INT64_C(1);
                                #pragma omp simd private(v_k10_i, v_c11_k8_arr)
                                for (int64_t k_t14 = k_lo11; k_t14 < k_hi12; k_t14 += k_st13) { /* kiln loop #12 */
                                    v_k10_i = k_t14;
                                    v_c11_k8_arr = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                    a_p_b_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k10_i))] = v_c11_k8_arr;
                                }
                            }
                        }
                    }
                } else {
                    {
                        const int64_t k_lo15 = INT64_C(0), k_hi16 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st17 = INT64_C(1);
                        for (int64_t k_t18 = k_lo15; k_t18 < k_hi16; k_t18 += k_st17) { /* kiln loop #59 */
                            v_k9_i = k_t18;
                            {
                                const int64_t k_lo19 = INT64_C(0), k_hi20 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st21 = INT64_C(1);
                                #pragma omp simd private(v_k10_i)
                                for (int64_t k_t22 = k_lo19; k_t22 < k_hi20; k_t22 += k_st21) { /* kiln loop #58 */
                                    v_k10_i = k_t22;
                                    a_k8_arr_d[(v_k9_i)*(a_k8_arr_s1) + v_k10_i] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                }
                            }
                        }
                    }
                    if ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))))) && ((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))))))) {
                        {
                            const int64_t k_lo23 = INT64_C(0), k_hi24 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st25 = INT64_C(1);
                            for (int64_t k_t26 = k_lo23; k_t26 < k_hi24; k_t26 += k_st25) { /* kiln loop #62 */
                                v_k11_i = k_t26;
                                {
                                    const int64_t k_lo27 = INT64_C(0), k_hi28 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st29 = INT64_C(1);
                                    #pragma omp simd private(v_k12_i)
                                    for (int64_t k_t30 = k_lo27; k_t30 < k_hi28; k_t30 += k_st29) { /* kiln loop #61 */
                                        v_k12_i = k_t30;
                                        a_p_b_d[(((INT64_C(1)) + (v_k11_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k12_i))] = a_k8_arr_d[(v_k11_i)*(a_k8_arr_s1) + v_k12_i];
                                    }
                                }
                            }
                        }
                    } else {
                        {
                            const int64_t k_lo31 = INT64_C(0), k_hi32 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st33 = INT64_C(1);
                            for (int64_t k_t34 = k_lo31; k_t34 < k_hi32; k_t34 += k_st33) { /* kiln loop #65 */
                                v_k13_i = k_t34;
                                {
                                    const int64_t k_lo35 = INT64_C(0), k_hi36 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st37 = INT64_C(1);
                                    for (int64_t k_t38 = k_lo35; k_t38 < k_hi36; k_t38 += k_st37) { /* kiln loop #64 */
                                        v_k14_i = k_t38;
                                        a_p_b_d[(((INT64_C(1)) + (v_k13_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k14_i))] = a_k8_arr_d[((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k13_i)))*(a_k8_arr_s1) + (((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k14_i))];
                                    }
                                }
                            }
                        }
                    }
                }
            } else {
                if ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))))) && ((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))))))) {
                    {
                        const int64_t k_lo39 = INT64_C(0), k_hi40 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st41 = INT64_C(1);
                        for (int64_t k_t42 = k_lo39; k_t42 < k_hi40; k_t42 += k_st41) { /* kiln loop #23 */
                            v_k15_i = k_t42;
                            if ((!kiln_spans_overlap(kiln_span_of(a_p_a_d, 2, (npy_intp[]){a_p_a_s0, a_p_a_s1}, (npy_intp[]){a_p_a_s1, 1}, sizeof(double)), kiln_span_of(a_p_b_d, 2, (npy_intp[]){a_p_b_s0, a_p_b_s1}, (npy_intp[]){a_p_b_s1, 1}, sizeof(double))))) {
                                {
                                    const int64_t k_lo43 = INT64_C(0), k_hi44 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st45 = INT64_C(1);
                                    #pragma omp simd private(v_k16_i)
                                    for (int64_t k_t46 = k_lo43; k_t46 < k_hi44; k_t46 += k_st45) { /* kiln loop #22 */
                                        v_k16_i = k_t46;
                                        a_p_b_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k16_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + v_k16_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k16_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))) + (a_p_a_d[(v_k15_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))));
                                    }
                                }
                            } else {
                                {
                                    const int64_t k_lo47 = INT64_C(0), k_hi48 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st49 = INT64_C(1);
                                    for (int64_t k_t50 = k_lo47; k_t50 < k_hi48; k_t50 += k_st49) { /* kiln loop #80 */
                                        v_k16_i = k_t50;
                                        a_p_b_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k16_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + v_k16_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k16_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))) + (a_p_a_d[(v_k15_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))));
                                    }
                                }
                            }
                        }
                    }
                } else {
                    {
                        const int64_t k_lo51 = INT64_C(0), k_hi52 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st53 = INT64_C(1);
                        for (int64_t k_t54 = k_lo51; k_t54 < k_hi52; k_t54 += k_st53) { /* kiln loop #26 */
                            v_k17_i = k_t54;
                            {
                                const int64_t k_lo55 = INT64_C(0), k_hi56 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st57 = INT64_C(1);
                                for (int64_t k_t58 = k_lo55; k_t58 < k_hi56; k_t58 += k_st57) { /* kiln loop #25 */
                                    v_k18_i = k_t58;
                                    a_p_b_d[(((INT64_C(1)) + (v_k17_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k18_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]) + (a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + (((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))]))) + (a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(2)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))) + (a_p_a_d[(((INT64_C(2)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))) + (a_p_a_d[((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))));
                                }
                            }
                        }
                    }
                }
            }
            if (!((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))))) || ((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1))))))) {
                PyErr_Format(PyExc_ValueError, "could not broadcast input array dimension %lld into destination dimension %lld", (long long)((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))), (long long)((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))));
                goto kiln_fail;
            }
            if (!((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))))) || ((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1))))))) {
                PyErr_Format(PyExc_ValueError, "could not broadcast input array dimension %lld into destination dimension %lld", (long long)((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))), (long long)((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))));
                goto kiln_fail;
            }
            {
                double* nd_ = a_p_a_d + (((a_p_a_s1) + (1)));
                npy_intp ns0_ = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_a_s1;
                npy_intp ns1_ = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                Py_XINCREF(a_p_a_o); Py_XDECREF(a_k19_view_o); a_k19_view_o = a_p_a_o;
                a_k19_view_d = nd_;
                a_k19_view_s0 = ns0_; a_k19_view_t0 = nt0_;
                a_k19_view_s1 = ns1_; a_k19_view_t1 = nt1_;
            }
            {
                double* nd_ = a_p_b_d + (((a_p_b_s1) + (1)));
                npy_intp ns0_ = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_b_s1;
                npy_intp ns1_ = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                Py_XINCREF(a_p_b_o); Py_XDECREF(a_k20_view_o); a_k20_view_o = a_p_b_o;
                a_k20_view_d = nd_;
                a_k20_view_s0 = ns0_; a_k20_view_t0 = nt0_;
                a_k20_view_s1 = ns1_; a_k20_view_t1 = nt1_;
            }
            {
                double* nd_ = a_p_b_d + (a_p_b_s1);
                npy_intp ns0_ = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_b_s1;
                npy_intp ns1_ = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                Py_XINCREF(a_p_b_o); Py_XDECREF(a_k21_view_o); a_k21_view_o = a_p_b_o;
                a_k21_view_d = nd_;
                a_k21_view_s0 = ns0_; a_k21_view_t0 = nt0_;
                a_k21_view_s1 = ns1_; a_k21_view_t1 = nt1_;
            }
            {
                double* nd_ = a_p_b_d + (((a_p_b_s1) + (((INT64_C(2)) * (1)))));
                npy_intp ns0_ = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_b_s1;
                npy_intp ns1_ = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                Py_XINCREF(a_p_b_o); Py_XDECREF(a_k22_view_o); a_k22_view_o = a_p_b_o;
                a_k22_view_d = nd_;
                a_k22_view_s0 = ns0_; a_k22_view_t0 = nt0_;
                a_k22_view_s1 = ns1_; a_k22_view_t1 = nt1_;
            }
            {
                double* nd_ = a_p_b_d + (((((INT64_C(2)) * (a_p_b_s1))) + (1)));
                npy_intp ns0_ = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_b_s1;
                npy_intp ns1_ = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                Py_XINCREF(a_p_b_o); Py_XDECREF(a_k23_view_o); a_k23_view_o = a_p_b_o;
                a_k23_view_d = nd_;
                a_k23_view_s0 = ns0_; a_k23_view_t0 = nt0_;
                a_k23_view_s1 = ns1_; a_k23_view_t1 = nt1_;
            }
            {
                double* nd_ = a_p_b_d + (1);
                npy_intp ns0_ = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_b_s1;
                npy_intp ns1_ = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                Py_XINCREF(a_p_b_o); Py_XDECREF(a_k24_view_o); a_k24_view_o = a_p_b_o;
                a_k24_view_d = nd_;
                a_k24_view_s0 = ns0_; a_k24_view_t0 = nt0_;
                a_k24_view_s1 = ns1_; a_k24_view_t1 = nt1_;
            }
            if (((((((((((0) || (kiln_spans_overlap(kiln_span_of(a_k19_view_d, 2, (npy_intp[]){a_k19_view_s0, a_k19_view_s1}, (npy_intp[]){a_k19_view_t0, 1}, sizeof(double)), kiln_span_of(a_k20_view_d, 2, (npy_intp[]){a_k20_view_s0, a_k20_view_s1}, (npy_intp[]){a_k20_view_t0, 1}, sizeof(double)))))) || (kiln_spans_overlap(kiln_span_of(a_k19_view_d, 2, (npy_intp[]){a_k19_view_s0, a_k19_view_s1}, (npy_intp[]){a_k19_view_t0, 1}, sizeof(double)), kiln_span_of(a_k21_view_d, 2, (npy_intp[]){a_k21_view_s0, a_k21_view_s1}, (npy_intp[]){a_k21_view_t0, 1}, sizeof(double)))))) || (kiln_spans_overlap(kiln_span_of(a_k19_view_d, 2, (npy_intp[]){a_k19_view_s0, a_k19_view_s1}, (npy_intp[]){a_k19_view_t0, 1}, sizeof(double)), kiln_span_of(a_k22_view_d, 2, (npy_intp[]){a_k22_view_s0, a_k22_view_s1}, (npy_intp[]){a_k22_view_t0, 1}, sizeof(double)))))) || (kiln_spans_overlap(kiln_span_of(a_k19_view_d, 2, (npy_intp[]){a_k19_view_s0, a_k19_view_s1}, (npy_intp[]){a_k19_view_t0, 1}, sizeof(double)), kiln_span_of(a_k23_view_d, 2, (npy_intp[]){a_k23_view_s0, a_k23_view_s1}, (npy_intp[]){a_k23_view_t0, 1}, sizeof(double)))))) || (kiln_spans_overlap(kiln_span_of(a_k19_view_d, 2, (npy_intp[]){a_k19_view_s0, a_k19_view_s1}, (npy_intp[]){a_k19_view_t0, 1}, sizeof(double)), kiln_span_of(a_k24_view_d, 2, (npy_intp[]){a_k24_view_s0, a_k24_view_s1}, (npy_intp[]){a_k24_view_t0, 1}, sizeof(double)))))) {
                if (!((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) >= (INT64_C(0))))) {
                    PyErr_Format(PyExc_ValueError, "negative dimensions are not allowed");
                    goto kiln_fail;
                }
                if (!((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) >= (INT64_C(0))))) {
                    PyErr_Format(PyExc_ValueError, "negative dimensions are not allowed");
                    goto kiln_fail;
                }
                {
                    a_k25_arr_d = (double*)PyArray_DATA((PyArrayObject*)a_k25_arr_o);
                    a_k25_arr_s0 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)));
                    a_k25_arr_s1 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)));
                    a_k25_arr_t1 = 1;
                    a_k25_arr_t0 = a_k25_arr_t1 * (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)));
                }
                if ((((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))))) && ((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))))))) && ((!kiln_spans_overlap(kiln_span_of(a_p_a_d, 2, (npy_intp[]){a_p_a_s0, a_p_a_s1}, (npy_intp[]){a_p_a_s1, 1}, sizeof(double)), kiln_span_of(a_p_b_d, 2, (npy_intp[]){a_p_b_s0, a_p_b_s1}, (npy_intp[]){a_p_b_s1, 1}, sizeof(double))))))) {
                    {
                        const int64_t k_lo59 = INT64_C(0), k_hi60 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st61 = INT64_C(1);
                        for (int64_t k_t62 = k_lo59; k_t62 < k_hi60; k_t62 += k_st61) { /* kiln loop #40 */
                            v_k26_i = k_t62;
                            {
                                const int64_t k_lo63 = INT64_C(0), k_hi64 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st65 = INT64_C(1);
                                #pragma omp simd private(v_k27_i, v_c38_k25_arr)
                                for (int64_t k_t66 = k_lo63; k_t66 < k_hi64; k_t66 += k_st65) { /* kiln loop #39 */
                                    v_k27_i = k_t66;
                                    v_c38_k25_arr = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                    a_p_a_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k27_i))] = v_c38_k25_arr;
                                }
                            }
                        }
                    }
                } else {
                    {
                        const int64_t k_lo67 = INT64_C(0), k_hi68 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st69 = INT64_C(1);
                        for (int64_t k_t70 = k_lo67; k_t70 < k_hi68; k_t70 += k_st69) { /* kiln loop #70 */
                            v_k26_i = k_t70;
                            {
                                const int64_t k_lo71 = INT64_C(0), k_hi72 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st73 = INT64_C(1);
                                #pragma omp simd private(v_k27_i)
                                for (int64_t k_t74 = k_lo71; k_t74 < k_hi72; k_t74 += k_st73) { /* kiln loop #69 */
                                    v_k27_i = k_t74;
                                    a_k25_arr_d[(v_k26_i)*(a_k25_arr_s1) + v_k27_i] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                }
                            }
                        }
                    }
                    if ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))))) && ((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))))))) {
                        {
                            const int64_t k_lo75 = INT64_C(0), k_hi76 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st77 = INT64_C(1);
                            for (int64_t k_t78 = k_lo75; k_t78 < k_hi76; k_t78 += k_st77) { /* kiln loop #73 */
                                v_k28_i = k_t78;
                                {
                                    const int64_t k_lo79 = INT64_C(0), k_hi80 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st81 = INT64_C(1);
                                    #pragma omp simd private(v_k29_i)
                                    for (int64_t k_t82 = k_lo79; k_t82 < k_hi80; k_t82 += k_st81) { /* kiln loop #72 */
                                        v_k29_i = k_t82;
                                        a_p_a_d[(((INT64_C(1)) + (v_k28_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k29_i))] = a_k25_arr_d[(v_k28_i)*(a_k25_arr_s1) + v_k29_i];
                                    }
                                }
                            }
                        }
                    } else {
                        {
                            const int64_t k_lo83 = INT64_C(0), k_hi84 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st85 = INT64_C(1);
                            for (int64_t k_t86 = k_lo83; k_t86 < k_hi84; k_t86 += k_st85) { /* kiln loop #76 */
                                v_k30_i = k_t86;
                                {
                                    const int64_t k_lo87 = INT64_C(0), k_hi88 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st89 = INT64_C(1);
                                    for (int64_t k_t90 = k_lo87; k_t90 < k_hi88; k_t90 += k_st89) { /* kiln loop #75 */
                                        v_k31_i = k_t90;
                                        a_p_a_d[(((INT64_C(1)) + (v_k30_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k31_i))] = a_k25_arr_d[((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k30_i)))*(a_k25_arr_s1) + (((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k31_i))];
                                    }
                                }
                            }
                        }
                    }
                }
            } else {
                if ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))))) && ((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))))))) {
                    {
                        const int64_t k_lo91 = INT64_C(0), k_hi92 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st93 = INT64_C(1);
                        for (int64_t k_t94 = k_lo91; k_t94 < k_hi92; k_t94 += k_st93) { /* kiln loop #50 */
                            v_k32_i = k_t94;
                            if ((!kiln_spans_overlap(kiln_span_of(a_p_a_d, 2, (npy_intp[]){a_p_a_s0, a_p_a_s1}, (npy_intp[]){a_p_a_s1, 1}, sizeof(double)), kiln_span_of(a_p_b_d, 2, (npy_intp[]){a_p_b_s0, a_p_b_s1}, (npy_intp[]){a_p_b_s1, 1}, sizeof(double))))) {
                                {
                                    const int64_t k_lo95 = INT64_C(0), k_hi96 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st97 = INT64_C(1);
                                    #pragma omp simd private(v_k33_i)
                                    for (int64_t k_t98 = k_lo95; k_t98 < k_hi96; k_t98 += k_st97) { /* kiln loop #49 */
                                        v_k33_i = k_t98;
                                        a_p_a_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k33_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + v_k33_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k33_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))) + (a_p_b_d[(v_k32_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))));
                                    }
                                }
                            } else {
                                {
                                    const int64_t k_lo99 = INT64_C(0), k_hi100 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st101 = INT64_C(1);
                                    for (int64_t k_t102 = k_lo99; k_t102 < k_hi100; k_t102 += k_st101) { /* kiln loop #83 */
                                        v_k33_i = k_t102;
                                        a_p_a_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k33_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + v_k33_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k33_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))) + (a_p_b_d[(v_k32_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))));
                                    }
                                }
                            }
                        }
                    }
                } else {
                    {
                        const int64_t k_lo103 = INT64_C(0), k_hi104 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st105 = INT64_C(1);
                        for (int64_t k_t106 = k_lo103; k_t106 < k_hi104; k_t106 += k_st105) { /* kiln loop #53 */
                            v_k34_i = k_t106;
                            {
                                const int64_t k_lo107 = INT64_C(0), k_hi108 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st109 = INT64_C(1);
                                for (int64_t k_t110 = k_lo107; k_t110 < k_hi108; k_t110 += k_st109) { /* kiln loop #52 */
                                    v_k35_i = k_t110;
                                    a_p_a_d[(((INT64_C(1)) + (v_k34_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k35_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]) + (a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + (((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))]))) + (a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(2)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))) + (a_p_b_d[(((INT64_C(2)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))) + (a_p_b_d[((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))));
                                }
                            }
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
    Py_XDECREF(a_p_a_o);
    Py_XDECREF(a_p_b_o);
    Py_XDECREF(a_k2_view_o);
    Py_XDECREF(a_k3_view_o);
    Py_XDECREF(a_k4_view_o);
    Py_XDECREF(a_k5_view_o);
    Py_XDECREF(a_k6_view_o);
    Py_XDECREF(a_k7_view_o);
    Py_XDECREF(a_k8_arr_o);
    Py_XDECREF(a_k19_view_o);
    Py_XDECREF(a_k20_view_o);
    Py_XDECREF(a_k21_view_o);
    Py_XDECREF(a_k22_view_o);
    Py_XDECREF(a_k23_view_o);
    Py_XDECREF(a_k24_view_o);
    Py_XDECREF(a_k25_arr_o);
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

