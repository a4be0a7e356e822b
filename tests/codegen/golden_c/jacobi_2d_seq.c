
/* kiln: end of prelude */


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
    kiln_poller k_poll7 = KILN_POLLER;
        for (int64_t k_t4 = k_lo1; k_t4 < k_hi2; k_t4 += k_st3) { /* kiln loop #56 */
            v_k1_it = k_t4;
            if (KILN_POLL(k_poll7, &kiln_stop)) {
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
                        const int64_t k_lo8 = INT64_C(0), k_hi9 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st10 = INT64_C(1);
                        for (int64_t k_t11 = k_lo8; k_t11 < k_hi9; k_t11 += k_st10) { /* kiln loop #13 */
                            v_k9_i = k_t11;
                            {
                                const int64_t k_lo12 = INT64_C(0), k_hi13 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st14 = INT64_C(1);
                                #pragma omp simd private(v_k10_i, v_c11_k8_arr)
                                for (int64_t k_t15 = k_lo12; k_t15 < k_hi13; k_t15 += k_st14) { /* kiln loop #12 */
                                    v_k10_i = k_t15;
                                    v_c11_k8_arr = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                    a_p_b_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k10_i))] = v_c11_k8_arr;
                                }
                            }
                        }
                    }
                } else {
                    {
                        const int64_t k_lo16 = INT64_C(0), k_hi17 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st18 = INT64_C(1);
                        for (int64_t k_t19 = k_lo16; k_t19 < k_hi17; k_t19 += k_st18) { /* kiln loop #59 */
                            v_k9_i = k_t19;
                            {
                                const int64_t k_lo20 = INT64_C(0), k_hi21 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st22 = INT64_C(1);
                                #pragma omp simd private(v_k10_i)
                                for (int64_t k_t23 = k_lo20; k_t23 < k_hi21; k_t23 += k_st22) { /* kiln loop #58 */
                                    v_k10_i = k_t23;
                                    a_k8_arr_d[(v_k9_i)*(a_k8_arr_s1) + v_k10_i] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                }
                            }
                        }
                    }
                    if ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))))) && ((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))))))) {
                        {
                            const int64_t k_lo24 = INT64_C(0), k_hi25 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st26 = INT64_C(1);
                            for (int64_t k_t27 = k_lo24; k_t27 < k_hi25; k_t27 += k_st26) { /* kiln loop #62 */
                                v_k11_i = k_t27;
                                {
                                    const int64_t k_lo28 = INT64_C(0), k_hi29 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st30 = INT64_C(1);
                                    #pragma omp simd private(v_k12_i)
                                    for (int64_t k_t31 = k_lo28; k_t31 < k_hi29; k_t31 += k_st30) { /* kiln loop #61 */
                                        v_k12_i = k_t31;
                                        a_p_b_d[(((INT64_C(1)) + (v_k11_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k12_i))] = a_k8_arr_d[(v_k11_i)*(a_k8_arr_s1) + v_k12_i];
                                    }
                                }
                            }
                        }
                    } else {
                        {
                            const int64_t k_lo32 = INT64_C(0), k_hi33 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st34 = INT64_C(1);
                            for (int64_t k_t35 = k_lo32; k_t35 < k_hi33; k_t35 += k_st34) { /* kiln loop #65 */
                                v_k13_i = k_t35;
                                {
                                    const int64_t k_lo36 = INT64_C(0), k_hi37 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st38 = INT64_C(1);
                                    for (int64_t k_t39 = k_lo36; k_t39 < k_hi37; k_t39 += k_st38) { /* kiln loop #64 */
                                        v_k14_i = k_t39;
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
                        const int64_t k_lo40 = INT64_C(0), k_hi41 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st42 = INT64_C(1);
                        for (int64_t k_t43 = k_lo40; k_t43 < k_hi41; k_t43 += k_st42) { /* kiln loop #23 */
                            v_k15_i = k_t43;
                            if ((!kiln_spans_overlap(kiln_span_of(a_p_a_d, 2, (npy_intp[]){a_p_a_s0, a_p_a_s1}, (npy_intp[]){a_p_a_s1, 1}, sizeof(double)), kiln_span_of(a_p_b_d, 2, (npy_intp[]){a_p_b_s0, a_p_b_s1}, (npy_intp[]){a_p_b_s1, 1}, sizeof(double))))) {
                                {
                                    const int64_t k_lo44 = INT64_C(0), k_hi45 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st46 = INT64_C(1);
                                    #pragma omp simd private(v_k16_i)
                                    for (int64_t k_t47 = k_lo44; k_t47 < k_hi45; k_t47 += k_st46) { /* kiln loop #22 */
                                        v_k16_i = k_t47;
                                        a_p_b_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k16_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + v_k16_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k16_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))) + (a_p_a_d[(v_k15_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))));
                                    }
                                }
                            } else {
                                {
                                    const int64_t k_lo48 = INT64_C(0), k_hi49 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st50 = INT64_C(1);
                                    for (int64_t k_t51 = k_lo48; k_t51 < k_hi49; k_t51 += k_st50) { /* kiln loop #80 */
                                        v_k16_i = k_t51;
                                        a_p_b_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k16_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + v_k16_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k16_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))) + (a_p_a_d[(v_k15_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))));
                                    }
                                }
                            }
                        }
                    }
                } else {
                    {
                        const int64_t k_lo52 = INT64_C(0), k_hi53 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st54 = INT64_C(1);
                        for (int64_t k_t55 = k_lo52; k_t55 < k_hi53; k_t55 += k_st54) { /* kiln loop #26 */
                            v_k17_i = k_t55;
                            {
                                const int64_t k_lo56 = INT64_C(0), k_hi57 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st58 = INT64_C(1);
                                for (int64_t k_t59 = k_lo56; k_t59 < k_hi57; k_t59 += k_st58) { /* kiln loop #25 */
                                    v_k18_i = k_t59;
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
                        const int64_t k_lo60 = INT64_C(0), k_hi61 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st62 = INT64_C(1);
                        for (int64_t k_t63 = k_lo60; k_t63 < k_hi61; k_t63 += k_st62) { /* kiln loop #40 */
                            v_k26_i = k_t63;
                            {
                                const int64_t k_lo64 = INT64_C(0), k_hi65 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st66 = INT64_C(1);
                                #pragma omp simd private(v_k27_i, v_c38_k25_arr)
                                for (int64_t k_t67 = k_lo64; k_t67 < k_hi65; k_t67 += k_st66) { /* kiln loop #39 */
                                    v_k27_i = k_t67;
                                    v_c38_k25_arr = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                    a_p_a_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k27_i))] = v_c38_k25_arr;
                                }
                            }
                        }
                    }
                } else {
                    {
                        const int64_t k_lo68 = INT64_C(0), k_hi69 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st70 = INT64_C(1);
                        for (int64_t k_t71 = k_lo68; k_t71 < k_hi69; k_t71 += k_st70) { /* kiln loop #70 */
                            v_k26_i = k_t71;
                            {
                                const int64_t k_lo72 = INT64_C(0), k_hi73 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st74 = INT64_C(1);
                                #pragma omp simd private(v_k27_i)
                                for (int64_t k_t75 = k_lo72; k_t75 < k_hi73; k_t75 += k_st74) { /* kiln loop #69 */
                                    v_k27_i = k_t75;
                                    a_k25_arr_d[(v_k26_i)*(a_k25_arr_s1) + v_k27_i] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                }
                            }
                        }
                    }
                    if ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))))) && ((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))))))) {
                        {
                            const int64_t k_lo76 = INT64_C(0), k_hi77 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st78 = INT64_C(1);
                            for (int64_t k_t79 = k_lo76; k_t79 < k_hi77; k_t79 += k_st78) { /* kiln loop #73 */
                                v_k28_i = k_t79;
                                {
                                    const int64_t k_lo80 = INT64_C(0), k_hi81 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st82 = INT64_C(1);
                                    #pragma omp simd private(v_k29_i)
                                    for (int64_t k_t83 = k_lo80; k_t83 < k_hi81; k_t83 += k_st82) { /* kiln loop #72 */
                                        v_k29_i = k_t83;
                                        a_p_a_d[(((INT64_C(1)) + (v_k28_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k29_i))] = a_k25_arr_d[(v_k28_i)*(a_k25_arr_s1) + v_k29_i];
                                    }
                                }
                            }
                        }
                    } else {
                        {
                            const int64_t k_lo84 = INT64_C(0), k_hi85 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st86 = INT64_C(1);
                            for (int64_t k_t87 = k_lo84; k_t87 < k_hi85; k_t87 += k_st86) { /* kiln loop #76 */
                                v_k30_i = k_t87;
                                {
                                    const int64_t k_lo88 = INT64_C(0), k_hi89 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st90 = INT64_C(1);
                                    for (int64_t k_t91 = k_lo88; k_t91 < k_hi89; k_t91 += k_st90) { /* kiln loop #75 */
                                        v_k31_i = k_t91;
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
                        const int64_t k_lo92 = INT64_C(0), k_hi93 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st94 = INT64_C(1);
                        for (int64_t k_t95 = k_lo92; k_t95 < k_hi93; k_t95 += k_st94) { /* kiln loop #50 */
                            v_k32_i = k_t95;
                            if ((!kiln_spans_overlap(kiln_span_of(a_p_a_d, 2, (npy_intp[]){a_p_a_s0, a_p_a_s1}, (npy_intp[]){a_p_a_s1, 1}, sizeof(double)), kiln_span_of(a_p_b_d, 2, (npy_intp[]){a_p_b_s0, a_p_b_s1}, (npy_intp[]){a_p_b_s1, 1}, sizeof(double))))) {
                                {
                                    const int64_t k_lo96 = INT64_C(0), k_hi97 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st98 = INT64_C(1);
                                    #pragma omp simd private(v_k33_i)
                                    for (int64_t k_t99 = k_lo96; k_t99 < k_hi97; k_t99 += k_st98) { /* kiln loop #49 */
                                        v_k33_i = k_t99;
                                        a_p_a_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k33_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + v_k33_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k33_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))) + (a_p_b_d[(v_k32_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))));
                                    }
                                }
                            } else {
                                {
                                    const int64_t k_lo100 = INT64_C(0), k_hi101 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st102 = INT64_C(1);
                                    for (int64_t k_t103 = k_lo100; k_t103 < k_hi101; k_t103 += k_st102) { /* kiln loop #83 */
                                        v_k33_i = k_t103;
                                        a_p_a_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k33_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + v_k33_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k33_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))) + (a_p_b_d[(v_k32_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))));
                                    }
                                }
                            }
                        }
                    }
                } else {
                    {
                        const int64_t k_lo104 = INT64_C(0), k_hi105 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st106 = INT64_C(1);
                        for (int64_t k_t107 = k_lo104; k_t107 < k_hi105; k_t107 += k_st106) { /* kiln loop #53 */
                            v_k34_i = k_t107;
                            {
                                const int64_t k_lo108 = INT64_C(0), k_hi109 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st110 = INT64_C(1);
                                for (int64_t k_t111 = k_lo108; k_t111 < k_hi109; k_t111 += k_st110) { /* kiln loop #52 */
                                    v_k35_i = k_t111;
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

