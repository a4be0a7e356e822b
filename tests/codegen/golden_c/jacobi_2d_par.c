
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
    int64_t kiln_team = 0; /* work of parallel loops so far (kiln_worth_team) */
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
        PyObject* k_o395 = kiln_scratch_array(1, d_, NPY_FLOAT64);
        if (!k_o395) goto kiln_fail;
        Py_XDECREF(a_k8_arr_o); a_k8_arr_o = k_o395;
    }
    {
        npy_intp d_[1] = {(npy_intp)1 * (npy_intp)1 * (((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) > 0 ? ((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) : 0) * (((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) > 0 ? ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) : 0)};
        PyObject* k_o396 = kiln_scratch_array(1, d_, NPY_FLOAT64);
        if (!k_o396) goto kiln_fail;
        Py_XDECREF(a_k25_arr_o); a_k25_arr_o = k_o396;
    }
    {
        const int64_t k_lo1 = INT64_C(0), k_hi2 = v_p_steps, k_st3 = INT64_C(1);
        int k_go7 = 0;
        int64_t k_from8 = k_lo1;
    kiln_poller k_poll10 = KILN_POLLER;
        for (int64_t k_t4 = k_lo1; k_t4 < k_hi2; k_t4 += k_st3) { /* kiln loop #56 */
            v_k1_it = k_t4;
            if (KILN_POLL(k_poll10, &kiln_stop)) {
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
                        const int64_t k_lo11 = INT64_C(0), k_hi12 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st13 = INT64_C(1);
                        if (kiln_team_of_many() && (kiln_worth_team((k_hi12 - k_lo11) * kiln_trips(INT64_C(0), (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 21, &kiln_team))) {
                            if ((k_hi12 - k_lo11) < 4 * omp_get_max_threads() && (k_hi12 - k_lo11) % omp_get_max_threads() != 0 && ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                const int64_t k_lo21 = INT64_C(0), k_hi22 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                #pragma omp parallel for collapse(2) schedule(static) private(v_k9_i, v_k10_i, v_c11_k8_arr)
                                for (int64_t k_t14 = k_lo11; k_t14 < k_hi12; k_t14 += k_st13) for (int64_t k_t23 = k_lo21; k_t23 < k_hi22; k_t23 += INT64_C(1)) { /* kiln loop #13 */
                                    v_k9_i = k_t14; v_k10_i = k_t23;
                                    v_c11_k8_arr = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                    a_p_b_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k10_i))] = v_c11_k8_arr;
                                }
                            } else {
                                #pragma omp parallel for schedule(static) private(v_k9_i, v_k10_i, v_c11_k8_arr)
                                for (int64_t k_t14 = k_lo11; k_t14 < k_hi12; k_t14 += k_st13) { /* kiln loop #13 */
                                    v_k9_i = k_t14;
                                    {
                                        const int64_t k_lo17 = INT64_C(0), k_hi18 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st19 = INT64_C(1);
                                        #pragma omp simd private(v_k10_i, v_c11_k8_arr)
                                        for (int64_t k_t20 = k_lo17; k_t20 < k_hi18; k_t20 += k_st19) { /* kiln loop #12 */
                                            v_k10_i = k_t20;
                                            v_c11_k8_arr = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                            a_p_b_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k10_i))] = v_c11_k8_arr;
                                        }
                                    }
                                }
                            }
                        } else {
                            for (int64_t k_t14 = k_lo11; k_t14 < k_hi12; k_t14 += k_st13) { /* kiln loop #13 */
                                v_k9_i = k_t14;
                                {
                                    const int64_t k_lo28 = INT64_C(0), k_hi29 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st30 = INT64_C(1);
                                    #pragma omp simd private(v_k10_i, v_c11_k8_arr)
                                    for (int64_t k_t31 = k_lo28; k_t31 < k_hi29; k_t31 += k_st30) { /* kiln loop #12 */
                                        v_k10_i = k_t31;
                                        v_c11_k8_arr = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                        a_p_b_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k10_i))] = v_c11_k8_arr;
                                    }
                                }
                            }
                        }
                    }
                } else {
                    {
                        const int64_t k_lo32 = INT64_C(0), k_hi33 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st34 = INT64_C(1);
                        if (kiln_team_of_many() && (kiln_worth_team((k_hi33 - k_lo32) * kiln_trips(INT64_C(0), (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 19, &kiln_team))) {
                            if ((k_hi33 - k_lo32) < 4 * omp_get_max_threads() && (k_hi33 - k_lo32) % omp_get_max_threads() != 0 && ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                const int64_t k_lo42 = INT64_C(0), k_hi43 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                #pragma omp parallel for collapse(2) schedule(static) private(v_k9_i, v_k10_i)
                                for (int64_t k_t35 = k_lo32; k_t35 < k_hi33; k_t35 += k_st34) for (int64_t k_t44 = k_lo42; k_t44 < k_hi43; k_t44 += INT64_C(1)) { /* kiln loop #59 */
                                    v_k9_i = k_t35; v_k10_i = k_t44;
                                    a_k8_arr_d[(v_k9_i)*(a_k8_arr_s1) + v_k10_i] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                }
                            } else {
                                #pragma omp parallel for schedule(static) private(v_k9_i, v_k10_i)
                                for (int64_t k_t35 = k_lo32; k_t35 < k_hi33; k_t35 += k_st34) { /* kiln loop #59 */
                                    v_k9_i = k_t35;
                                    {
                                        const int64_t k_lo38 = INT64_C(0), k_hi39 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st40 = INT64_C(1);
                                        #pragma omp simd private(v_k10_i)
                                        for (int64_t k_t41 = k_lo38; k_t41 < k_hi39; k_t41 += k_st40) { /* kiln loop #58 */
                                            v_k10_i = k_t41;
                                            a_k8_arr_d[(v_k9_i)*(a_k8_arr_s1) + v_k10_i] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                        }
                                    }
                                }
                            }
                        } else {
                            for (int64_t k_t35 = k_lo32; k_t35 < k_hi33; k_t35 += k_st34) { /* kiln loop #59 */
                                v_k9_i = k_t35;
                                {
                                    const int64_t k_lo49 = INT64_C(0), k_hi50 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st51 = INT64_C(1);
                                    #pragma omp simd private(v_k10_i)
                                    for (int64_t k_t52 = k_lo49; k_t52 < k_hi50; k_t52 += k_st51) { /* kiln loop #58 */
                                        v_k10_i = k_t52;
                                        a_k8_arr_d[(v_k9_i)*(a_k8_arr_s1) + v_k10_i] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                    }
                                }
                            }
                        }
                    }
                    if ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))))) && ((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))))))) {
                        {
                            const int64_t k_lo53 = INT64_C(0), k_hi54 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st55 = INT64_C(1);
                            if (kiln_team_of_many() && (kiln_worth_team((k_hi54 - k_lo53) * kiln_trips(INT64_C(0), (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 4, &kiln_team))) {
                                if ((k_hi54 - k_lo53) < 4 * omp_get_max_threads() && (k_hi54 - k_lo53) % omp_get_max_threads() != 0 && ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                    const int64_t k_lo63 = INT64_C(0), k_hi64 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                    #pragma omp parallel for collapse(2) schedule(static) private(v_k11_i, v_k12_i)
                                    for (int64_t k_t56 = k_lo53; k_t56 < k_hi54; k_t56 += k_st55) for (int64_t k_t65 = k_lo63; k_t65 < k_hi64; k_t65 += INT64_C(1)) { /* kiln loop #62 */
                                        v_k11_i = k_t56; v_k12_i = k_t65;
                                        a_p_b_d[(((INT64_C(1)) + (v_k11_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k12_i))] = a_k8_arr_d[(v_k11_i)*(a_k8_arr_s1) + v_k12_i];
                                    }
                                } else {
                                    #pragma omp parallel for schedule(static) private(v_k11_i, v_k12_i)
                                    for (int64_t k_t56 = k_lo53; k_t56 < k_hi54; k_t56 += k_st55) { /* kiln loop #62 */
                                        v_k11_i = k_t56;
                                        {
                                            const int64_t k_lo59 = INT64_C(0), k_hi60 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st61 = INT64_C(1);
                                            #pragma omp simd private(v_k12_i)
                                            for (int64_t k_t62 = k_lo59; k_t62 < k_hi60; k_t62 += k_st61) { /* kiln loop #61 */
                                                v_k12_i = k_t62;
                                                a_p_b_d[(((INT64_C(1)) + (v_k11_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k12_i))] = a_k8_arr_d[(v_k11_i)*(a_k8_arr_s1) + v_k12_i];
                                            }
                                        }
                                    }
                                }
                            } else {
                                for (int64_t k_t56 = k_lo53; k_t56 < k_hi54; k_t56 += k_st55) { /* kiln loop #62 */
                                    v_k11_i = k_t56;
                                    {
                                        const int64_t k_lo70 = INT64_C(0), k_hi71 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st72 = INT64_C(1);
                                        #pragma omp simd private(v_k12_i)
                                        for (int64_t k_t73 = k_lo70; k_t73 < k_hi71; k_t73 += k_st72) { /* kiln loop #61 */
                                            v_k12_i = k_t73;
                                            a_p_b_d[(((INT64_C(1)) + (v_k11_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k12_i))] = a_k8_arr_d[(v_k11_i)*(a_k8_arr_s1) + v_k12_i];
                                        }
                                    }
                                }
                            }
                        }
                    } else {
                        {
                            const int64_t k_lo74 = INT64_C(0), k_hi75 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st76 = INT64_C(1);
                            if (kiln_team_of_many() && (kiln_worth_team((k_hi75 - k_lo74) * kiln_trips(INT64_C(0), (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 12, &kiln_team))) {
                                if ((k_hi75 - k_lo74) < 4 * omp_get_max_threads() && (k_hi75 - k_lo74) % omp_get_max_threads() != 0 && ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                    const int64_t k_lo84 = INT64_C(0), k_hi85 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                    #pragma omp parallel for collapse(2) schedule(static) private(v_k13_i, v_k14_i)
                                    for (int64_t k_t77 = k_lo74; k_t77 < k_hi75; k_t77 += k_st76) for (int64_t k_t86 = k_lo84; k_t86 < k_hi85; k_t86 += INT64_C(1)) { /* kiln loop #65 */
                                        v_k13_i = k_t77; v_k14_i = k_t86;
                                        a_p_b_d[(((INT64_C(1)) + (v_k13_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k14_i))] = a_k8_arr_d[((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k13_i)))*(a_k8_arr_s1) + (((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k14_i))];
                                    }
                                } else {
                                    #pragma omp parallel for schedule(static) private(v_k13_i, v_k14_i)
                                    for (int64_t k_t77 = k_lo74; k_t77 < k_hi75; k_t77 += k_st76) { /* kiln loop #65 */
                                        v_k13_i = k_t77;
                                        {
                                            const int64_t k_lo80 = INT64_C(0), k_hi81 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st82 = INT64_C(1);
                                            for (int64_t k_t83 = k_lo80; k_t83 < k_hi81; k_t83 += k_st82) { /* kiln loop #64 */
                                                v_k14_i = k_t83;
                                                a_p_b_d[(((INT64_C(1)) + (v_k13_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k14_i))] = a_k8_arr_d[((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k13_i)))*(a_k8_arr_s1) + (((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k14_i))];
                                            }
                                        }
                                    }
                                }
                            } else {
                                for (int64_t k_t77 = k_lo74; k_t77 < k_hi75; k_t77 += k_st76) { /* kiln loop #65 */
                                    v_k13_i = k_t77;
                                    {
                                        const int64_t k_lo91 = INT64_C(0), k_hi92 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st93 = INT64_C(1);
                                        for (int64_t k_t94 = k_lo91; k_t94 < k_hi92; k_t94 += k_st93) { /* kiln loop #64 */
                                            v_k14_i = k_t94;
                                            a_p_b_d[(((INT64_C(1)) + (v_k13_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k14_i))] = a_k8_arr_d[((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k13_i)))*(a_k8_arr_s1) + (((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k14_i))];
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            } else {
                if ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))))) && ((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))))))) {
                    {
                        const int64_t k_lo95 = INT64_C(0), k_hi96 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st97 = INT64_C(1);
                        if (kiln_team_of_many() && (kiln_worth_team((k_hi96 - k_lo95) * (1 + kiln_work_max(kiln_trips(INT64_C(0), (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 21, kiln_trips(INT64_C(0), (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 21)), &kiln_team))) {
                            #pragma omp parallel for schedule(static) private(v_k15_i, v_k16_i)
                            for (int64_t k_t98 = k_lo95; k_t98 < k_hi96; k_t98 += k_st97) { /* kiln loop #23 */
                                v_k15_i = k_t98;
                                if ((!kiln_spans_overlap(kiln_span_of(a_p_a_d, 2, (npy_intp[]){a_p_a_s0, a_p_a_s1}, (npy_intp[]){a_p_a_s1, 1}, sizeof(double)), kiln_span_of(a_p_b_d, 2, (npy_intp[]){a_p_b_s0, a_p_b_s1}, (npy_intp[]){a_p_b_s1, 1}, sizeof(double))))) {
                                    {
                                        const int64_t k_lo101 = INT64_C(0), k_hi102 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st103 = INT64_C(1);
                                        #pragma omp simd private(v_k16_i)
                                        for (int64_t k_t104 = k_lo101; k_t104 < k_hi102; k_t104 += k_st103) { /* kiln loop #22 */
                                            v_k16_i = k_t104;
                                            a_p_b_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k16_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + v_k16_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k16_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))) + (a_p_a_d[(v_k15_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))));
                                        }
                                    }
                                } else {
                                    {
                                        const int64_t k_lo105 = INT64_C(0), k_hi106 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st107 = INT64_C(1);
                                        for (int64_t k_t108 = k_lo105; k_t108 < k_hi106; k_t108 += k_st107) { /* kiln loop #80 */
                                            v_k16_i = k_t108;
                                            a_p_b_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k16_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + v_k16_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k16_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))) + (a_p_a_d[(v_k15_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))));
                                        }
                                    }
                                }
                            }
                        } else {
                            for (int64_t k_t98 = k_lo95; k_t98 < k_hi96; k_t98 += k_st97) { /* kiln loop #23 */
                                v_k15_i = k_t98;
                                if ((!kiln_spans_overlap(kiln_span_of(a_p_a_d, 2, (npy_intp[]){a_p_a_s0, a_p_a_s1}, (npy_intp[]){a_p_a_s1, 1}, sizeof(double)), kiln_span_of(a_p_b_d, 2, (npy_intp[]){a_p_b_s0, a_p_b_s1}, (npy_intp[]){a_p_b_s1, 1}, sizeof(double))))) {
                                    {
                                        const int64_t k_lo110 = INT64_C(0), k_hi111 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st112 = INT64_C(1);
                                        #pragma omp simd private(v_k16_i)
                                        for (int64_t k_t113 = k_lo110; k_t113 < k_hi111; k_t113 += k_st112) { /* kiln loop #22 */
                                            v_k16_i = k_t113;
                                            a_p_b_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k16_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + v_k16_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k16_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))) + (a_p_a_d[(v_k15_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))));
                                        }
                                    }
                                } else {
                                    {
                                        const int64_t k_lo114 = INT64_C(0), k_hi115 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st116 = INT64_C(1);
                                        for (int64_t k_t117 = k_lo114; k_t117 < k_hi115; k_t117 += k_st116) { /* kiln loop #80 */
                                            v_k16_i = k_t117;
                                            a_p_b_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k16_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + v_k16_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k16_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))) + (a_p_a_d[(v_k15_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))));
                                        }
                                    }
                                }
                            }
                        }
                    }
                } else {
                    {
                        const int64_t k_lo118 = INT64_C(0), k_hi119 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st120 = INT64_C(1);
                        if (kiln_team_of_many() && (kiln_worth_team((k_hi119 - k_lo118) * kiln_trips(INT64_C(0), (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 61, &kiln_team))) {
                            if ((k_hi119 - k_lo118) < 4 * omp_get_max_threads() && (k_hi119 - k_lo118) % omp_get_max_threads() != 0 && ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                const int64_t k_lo128 = INT64_C(0), k_hi129 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                #pragma omp parallel for collapse(2) schedule(static) private(v_k17_i, v_k18_i)
                                for (int64_t k_t121 = k_lo118; k_t121 < k_hi119; k_t121 += k_st120) for (int64_t k_t130 = k_lo128; k_t130 < k_hi129; k_t130 += INT64_C(1)) { /* kiln loop #26 */
                                    v_k17_i = k_t121; v_k18_i = k_t130;
                                    a_p_b_d[(((INT64_C(1)) + (v_k17_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k18_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]) + (a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + (((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))]))) + (a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(2)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))) + (a_p_a_d[(((INT64_C(2)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))) + (a_p_a_d[((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))));
                                }
                            } else {
                                #pragma omp parallel for schedule(static) private(v_k17_i, v_k18_i)
                                for (int64_t k_t121 = k_lo118; k_t121 < k_hi119; k_t121 += k_st120) { /* kiln loop #26 */
                                    v_k17_i = k_t121;
                                    {
                                        const int64_t k_lo124 = INT64_C(0), k_hi125 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st126 = INT64_C(1);
                                        for (int64_t k_t127 = k_lo124; k_t127 < k_hi125; k_t127 += k_st126) { /* kiln loop #25 */
                                            v_k18_i = k_t127;
                                            a_p_b_d[(((INT64_C(1)) + (v_k17_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k18_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]) + (a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + (((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))]))) + (a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(2)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))) + (a_p_a_d[(((INT64_C(2)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))) + (a_p_a_d[((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))));
                                        }
                                    }
                                }
                            }
                        } else {
                            for (int64_t k_t121 = k_lo118; k_t121 < k_hi119; k_t121 += k_st120) { /* kiln loop #26 */
                                v_k17_i = k_t121;
                                {
                                    const int64_t k_lo135 = INT64_C(0), k_hi136 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st137 = INT64_C(1);
                                    for (int64_t k_t138 = k_lo135; k_t138 < k_hi136; k_t138 += k_st137) { /* kiln loop #25 */
                                        v_k18_i = k_t138;
                                        a_p_b_d[(((INT64_C(1)) + (v_k17_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k18_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]) + (a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + (((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))]))) + (a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(2)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))) + (a_p_a_d[(((INT64_C(2)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))) + (a_p_a_d[((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))));
                                    }
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
                        const int64_t k_lo139 = INT64_C(0), k_hi140 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st141 = INT64_C(1);
                        if (kiln_team_of_many() && (kiln_worth_team((k_hi140 - k_lo139) * kiln_trips(INT64_C(0), (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 21, &kiln_team))) {
                            if ((k_hi140 - k_lo139) < 4 * omp_get_max_threads() && (k_hi140 - k_lo139) % omp_get_max_threads() != 0 && ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                const int64_t k_lo149 = INT64_C(0), k_hi150 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                #pragma omp parallel for collapse(2) schedule(static) private(v_k26_i, v_k27_i, v_c38_k25_arr)
                                for (int64_t k_t142 = k_lo139; k_t142 < k_hi140; k_t142 += k_st141) for (int64_t k_t151 = k_lo149; k_t151 < k_hi150; k_t151 += INT64_C(1)) { /* kiln loop #40 */
                                    v_k26_i = k_t142; v_k27_i = k_t151;
                                    v_c38_k25_arr = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                    a_p_a_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k27_i))] = v_c38_k25_arr;
                                }
                            } else {
                                #pragma omp parallel for schedule(static) private(v_k26_i, v_k27_i, v_c38_k25_arr)
                                for (int64_t k_t142 = k_lo139; k_t142 < k_hi140; k_t142 += k_st141) { /* kiln loop #40 */
                                    v_k26_i = k_t142;
                                    {
                                        const int64_t k_lo145 = INT64_C(0), k_hi146 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st147 = INT64_C(1);
                                        #pragma omp simd private(v_k27_i, v_c38_k25_arr)
                                        for (int64_t k_t148 = k_lo145; k_t148 < k_hi146; k_t148 += k_st147) { /* kiln loop #39 */
                                            v_k27_i = k_t148;
                                            v_c38_k25_arr = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                            a_p_a_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k27_i))] = v_c38_k25_arr;
                                        }
                                    }
                                }
                            }
                        } else {
                            for (int64_t k_t142 = k_lo139; k_t142 < k_hi140; k_t142 += k_st141) { /* kiln loop #40 */
                                v_k26_i = k_t142;
                                {
                                    const int64_t k_lo156 = INT64_C(0), k_hi157 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st158 = INT64_C(1);
                                    #pragma omp simd private(v_k27_i, v_c38_k25_arr)
                                    for (int64_t k_t159 = k_lo156; k_t159 < k_hi157; k_t159 += k_st158) { /* kiln loop #39 */
                                        v_k27_i = k_t159;
                                        v_c38_k25_arr = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                        a_p_a_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k27_i))] = v_c38_k25_arr;
                                    }
                                }
                            }
                        }
                    }
                } else {
                    {
                        const int64_t k_lo160 = INT64_C(0), k_hi161 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st162 = INT64_C(1);
                        if (kiln_team_of_many() && (kiln_worth_team((k_hi161 - k_lo160) * kiln_trips(INT64_C(0), (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 19, &kiln_team))) {
                            if ((k_hi161 - k_lo160) < 4 * omp_get_max_threads() && (k_hi161 - k_lo160) % omp_get_max_threads() != 0 && ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                const int64_t k_lo170 = INT64_C(0), k_hi171 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                #pragma omp parallel for collapse(2) schedule(static) private(v_k26_i, v_k27_i)
                                for (int64_t k_t163 = k_lo160; k_t163 < k_hi161; k_t163 += k_st162) for (int64_t k_t172 = k_lo170; k_t172 < k_hi171; k_t172 += INT64_C(1)) { /* kiln loop #70 */
                                    v_k26_i = k_t163; v_k27_i = k_t172;
                                    a_k25_arr_d[(v_k26_i)*(a_k25_arr_s1) + v_k27_i] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                }
                            } else {
                                #pragma omp parallel for schedule(static) private(v_k26_i, v_k27_i)
                                for (int64_t k_t163 = k_lo160; k_t163 < k_hi161; k_t163 += k_st162) { /* kiln loop #70 */
                                    v_k26_i = k_t163;
                                    {
                                        const int64_t k_lo166 = INT64_C(0), k_hi167 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st168 = INT64_C(1);
                                        #pragma omp simd private(v_k27_i)
                                        for (int64_t k_t169 = k_lo166; k_t169 < k_hi167; k_t169 += k_st168) { /* kiln loop #69 */
                                            v_k27_i = k_t169;
                                            a_k25_arr_d[(v_k26_i)*(a_k25_arr_s1) + v_k27_i] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                        }
                                    }
                                }
                            }
                        } else {
                            for (int64_t k_t163 = k_lo160; k_t163 < k_hi161; k_t163 += k_st162) { /* kiln loop #70 */
                                v_k26_i = k_t163;
                                {
                                    const int64_t k_lo177 = INT64_C(0), k_hi178 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st179 = INT64_C(1);
                                    #pragma omp simd private(v_k27_i)
                                    for (int64_t k_t180 = k_lo177; k_t180 < k_hi178; k_t180 += k_st179) { /* kiln loop #69 */
                                        v_k27_i = k_t180;
                                        a_k25_arr_d[(v_k26_i)*(a_k25_arr_s1) + v_k27_i] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                    }
                                }
                            }
                        }
                    }
                    if ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))))) && ((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))))))) {
                        {
                            const int64_t k_lo181 = INT64_C(0), k_hi182 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st183 = INT64_C(1);
                            if (kiln_team_of_many() && (kiln_worth_team((k_hi182 - k_lo181) * kiln_trips(INT64_C(0), (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 4, &kiln_team))) {
                                if ((k_hi182 - k_lo181) < 4 * omp_get_max_threads() && (k_hi182 - k_lo181) % omp_get_max_threads() != 0 && ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                    const int64_t k_lo191 = INT64_C(0), k_hi192 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                    #pragma omp parallel for collapse(2) schedule(static) private(v_k28_i, v_k29_i)
                                    for (int64_t k_t184 = k_lo181; k_t184 < k_hi182; k_t184 += k_st183) for (int64_t k_t193 = k_lo191; k_t193 < k_hi192; k_t193 += INT64_C(1)) { /* kiln loop #73 */
                                        v_k28_i = k_t184; v_k29_i = k_t193;
                                        a_p_a_d[(((INT64_C(1)) + (v_k28_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k29_i))] = a_k25_arr_d[(v_k28_i)*(a_k25_arr_s1) + v_k29_i];
                                    }
                                } else {
                                    #pragma omp parallel for schedule(static) private(v_k28_i, v_k29_i)
                                    for (int64_t k_t184 = k_lo181; k_t184 < k_hi182; k_t184 += k_st183) { /* kiln loop #73 */
                                        v_k28_i = k_t184;
                                        {
                                            const int64_t k_lo187 = INT64_C(0), k_hi188 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st189 = INT64_C(1);
                                            #pragma omp simd private(v_k29_i)
                                            for (int64_t k_t190 = k_lo187; k_t190 < k_hi188; k_t190 += k_st189) { /* kiln loop #72 */
                                                v_k29_i = k_t190;
                                                a_p_a_d[(((INT64_C(1)) + (v_k28_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k29_i))] = a_k25_arr_d[(v_k28_i)*(a_k25_arr_s1) + v_k29_i];
                                            }
                                        }
                                    }
                                }
                            } else {
                                for (int64_t k_t184 = k_lo181; k_t184 < k_hi182; k_t184 += k_st183) { /* kiln loop #73 */
                                    v_k28_i = k_t184;
                                    {
                                        const int64_t k_lo198 = INT64_C(0), k_hi199 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st200 = INT64_C(1);
                                        #pragma omp simd private(v_k29_i)
                                        for (int64_t k_t201 = k_lo198; k_t201 < k_hi199; k_t201 += k_st200) { /* kiln loop #72 */
                                            v_k29_i = k_t201;
                                            a_p_a_d[(((INT64_C(1)) + (v_k28_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k29_i))] = a_k25_arr_d[(v_k28_i)*(a_k25_arr_s1) + v_k29_i];
                                        }
                                    }
                                }
                            }
                        }
                    } else {
                        {
                            const int64_t k_lo202 = INT64_C(0), k_hi203 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st204 = INT64_C(1);
                            if (kiln_team_of_many() && (kiln_worth_team((k_hi203 - k_lo202) * kiln_trips(INT64_C(0), (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 12, &kiln_team))) {
                                if ((k_hi203 - k_lo202) < 4 * omp_get_max_threads() && (k_hi203 - k_lo202) % omp_get_max_threads() != 0 && ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                    const int64_t k_lo212 = INT64_C(0), k_hi213 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                    #pragma omp parallel for collapse(2) schedule(static) private(v_k30_i, v_k31_i)
                                    for (int64_t k_t205 = k_lo202; k_t205 < k_hi203; k_t205 += k_st204) for (int64_t k_t214 = k_lo212; k_t214 < k_hi213; k_t214 += INT64_C(1)) { /* kiln loop #76 */
                                        v_k30_i = k_t205; v_k31_i = k_t214;
                                        a_p_a_d[(((INT64_C(1)) + (v_k30_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k31_i))] = a_k25_arr_d[((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k30_i)))*(a_k25_arr_s1) + (((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k31_i))];
                                    }
                                } else {
                                    #pragma omp parallel for schedule(static) private(v_k30_i, v_k31_i)
                                    for (int64_t k_t205 = k_lo202; k_t205 < k_hi203; k_t205 += k_st204) { /* kiln loop #76 */
                                        v_k30_i = k_t205;
                                        {
                                            const int64_t k_lo208 = INT64_C(0), k_hi209 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st210 = INT64_C(1);
                                            for (int64_t k_t211 = k_lo208; k_t211 < k_hi209; k_t211 += k_st210) { /* kiln loop #75 */
                                                v_k31_i = k_t211;
                                                a_p_a_d[(((INT64_C(1)) + (v_k30_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k31_i))] = a_k25_arr_d[((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k30_i)))*(a_k25_arr_s1) + (((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k31_i))];
                                            }
                                        }
                                    }
                                }
                            } else {
                                for (int64_t k_t205 = k_lo202; k_t205 < k_hi203; k_t205 += k_st204) { /* kiln loop #76 */
                                    v_k30_i = k_t205;
                                    {
                                        const int64_t k_lo219 = INT64_C(0), k_hi220 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st221 = INT64_C(1);
                                        for (int64_t k_t222 = k_lo219; k_t222 < k_hi220; k_t222 += k_st221) { /* kiln loop #75 */
                                            v_k31_i = k_t222;
                                            a_p_a_d[(((INT64_C(1)) + (v_k30_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k31_i))] = a_k25_arr_d[((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k30_i)))*(a_k25_arr_s1) + (((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k31_i))];
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            } else {
                if ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))))) && ((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))))))) {
                    {
                        const int64_t k_lo223 = INT64_C(0), k_hi224 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st225 = INT64_C(1);
                        if (kiln_team_of_many() && (kiln_worth_team((k_hi224 - k_lo223) * (1 + kiln_work_max(kiln_trips(INT64_C(0), (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 21, kiln_trips(INT64_C(0), (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 21)), &kiln_team))) {
                            #pragma omp parallel for schedule(static) private(v_k32_i, v_k33_i)
                            for (int64_t k_t226 = k_lo223; k_t226 < k_hi224; k_t226 += k_st225) { /* kiln loop #50 */
                                v_k32_i = k_t226;
                                if ((!kiln_spans_overlap(kiln_span_of(a_p_a_d, 2, (npy_intp[]){a_p_a_s0, a_p_a_s1}, (npy_intp[]){a_p_a_s1, 1}, sizeof(double)), kiln_span_of(a_p_b_d, 2, (npy_intp[]){a_p_b_s0, a_p_b_s1}, (npy_intp[]){a_p_b_s1, 1}, sizeof(double))))) {
                                    {
                                        const int64_t k_lo229 = INT64_C(0), k_hi230 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st231 = INT64_C(1);
                                        #pragma omp simd private(v_k33_i)
                                        for (int64_t k_t232 = k_lo229; k_t232 < k_hi230; k_t232 += k_st231) { /* kiln loop #49 */
                                            v_k33_i = k_t232;
                                            a_p_a_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k33_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + v_k33_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k33_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))) + (a_p_b_d[(v_k32_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))));
                                        }
                                    }
                                } else {
                                    {
                                        const int64_t k_lo233 = INT64_C(0), k_hi234 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st235 = INT64_C(1);
                                        for (int64_t k_t236 = k_lo233; k_t236 < k_hi234; k_t236 += k_st235) { /* kiln loop #83 */
                                            v_k33_i = k_t236;
                                            a_p_a_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k33_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + v_k33_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k33_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))) + (a_p_b_d[(v_k32_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))));
                                        }
                                    }
                                }
                            }
                        } else {
                            for (int64_t k_t226 = k_lo223; k_t226 < k_hi224; k_t226 += k_st225) { /* kiln loop #50 */
                                v_k32_i = k_t226;
                                if ((!kiln_spans_overlap(kiln_span_of(a_p_a_d, 2, (npy_intp[]){a_p_a_s0, a_p_a_s1}, (npy_intp[]){a_p_a_s1, 1}, sizeof(double)), kiln_span_of(a_p_b_d, 2, (npy_intp[]){a_p_b_s0, a_p_b_s1}, (npy_intp[]){a_p_b_s1, 1}, sizeof(double))))) {
                                    {
                                        const int64_t k_lo238 = INT64_C(0), k_hi239 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st240 = INT64_C(1);
                                        #pragma omp simd private(v_k33_i)
                                        for (int64_t k_t241 = k_lo238; k_t241 < k_hi239; k_t241 += k_st240) { /* kiln loop #49 */
                                            v_k33_i = k_t241;
                                            a_p_a_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k33_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + v_k33_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k33_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))) + (a_p_b_d[(v_k32_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))));
                                        }
                                    }
                                } else {
                                    {
                                        const int64_t k_lo242 = INT64_C(0), k_hi243 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st244 = INT64_C(1);
                                        for (int64_t k_t245 = k_lo242; k_t245 < k_hi243; k_t245 += k_st244) { /* kiln loop #83 */
                                            v_k33_i = k_t245;
                                            a_p_a_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k33_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + v_k33_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k33_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))) + (a_p_b_d[(v_k32_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))));
                                        }
                                    }
                                }
                            }
                        }
                    }
                } else {
                    {
                        const int64_t k_lo246 = INT64_C(0), k_hi247 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st248 = INT64_C(1);
                        if (kiln_team_of_many() && (kiln_worth_team((k_hi247 - k_lo246) * kiln_trips(INT64_C(0), (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 61, &kiln_team))) {
                            if ((k_hi247 - k_lo246) < 4 * omp_get_max_threads() && (k_hi247 - k_lo246) % omp_get_max_threads() != 0 && ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                const int64_t k_lo256 = INT64_C(0), k_hi257 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                #pragma omp parallel for collapse(2) schedule(static) private(v_k34_i, v_k35_i)
                                for (int64_t k_t249 = k_lo246; k_t249 < k_hi247; k_t249 += k_st248) for (int64_t k_t258 = k_lo256; k_t258 < k_hi257; k_t258 += INT64_C(1)) { /* kiln loop #53 */
                                    v_k34_i = k_t249; v_k35_i = k_t258;
                                    a_p_a_d[(((INT64_C(1)) + (v_k34_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k35_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]) + (a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + (((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))]))) + (a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(2)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))) + (a_p_b_d[(((INT64_C(2)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))) + (a_p_b_d[((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))));
                                }
                            } else {
                                #pragma omp parallel for schedule(static) private(v_k34_i, v_k35_i)
                                for (int64_t k_t249 = k_lo246; k_t249 < k_hi247; k_t249 += k_st248) { /* kiln loop #53 */
                                    v_k34_i = k_t249;
                                    {
                                        const int64_t k_lo252 = INT64_C(0), k_hi253 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st254 = INT64_C(1);
                                        for (int64_t k_t255 = k_lo252; k_t255 < k_hi253; k_t255 += k_st254) { /* kiln loop #52 */
                                            v_k35_i = k_t255;
                                            a_p_a_d[(((INT64_C(1)) + (v_k34_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k35_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]) + (a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + (((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))]))) + (a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(2)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))) + (a_p_b_d[(((INT64_C(2)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))) + (a_p_b_d[((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))));
                                        }
                                    }
                                }
                            }
                        } else {
                            for (int64_t k_t249 = k_lo246; k_t249 < k_hi247; k_t249 += k_st248) { /* kiln loop #53 */
                                v_k34_i = k_t249;
                                {
                                    const int64_t k_lo263 = INT64_C(0), k_hi264 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st265 = INT64_C(1);
                                    for (int64_t k_t266 = k_lo263; k_t266 < k_hi264; k_t266 += k_st265) { /* kiln loop #52 */
                                        v_k35_i = k_t266;
                                        a_p_a_d[(((INT64_C(1)) + (v_k34_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k35_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]) + (a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + (((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))]))) + (a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(2)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))) + (a_p_b_d[(((INT64_C(2)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))) + (a_p_b_d[((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))));
                                    }
                                }
                            }
                        }
                    }
                }
            }
            if (kiln_team >= KILN_PAR_MIN && kiln_team_of_many()) { k_from8 = k_t4 + k_st3; k_go7 = 1; break; }
        }
        if (k_go7) {
            int k_terr5 = 0;
            long long k_terr5_a[2] = {0};
            kiln_barrier k_bar6 = {0, 0};
            #pragma omp parallel firstprivate(v_k1_it, v_u__, a_k19_view_d, a_k19_view_o, a_k19_view_s0, a_k19_view_s1, a_k19_view_t0, a_k19_view_t1, a_k20_view_d, a_k20_view_o, a_k20_view_s0, a_k20_view_s1, a_k20_view_t0, a_k20_view_t1, a_k21_view_d, a_k21_view_o, a_k21_view_s0, a_k21_view_s1, a_k21_view_t0, a_k21_view_t1, a_k22_view_d, a_k22_view_o, a_k22_view_s0, a_k22_view_s1, a_k22_view_t0, a_k22_view_t1, a_k23_view_d, a_k23_view_o, a_k23_view_s0, a_k23_view_s1, a_k23_view_t0, a_k23_view_t1, a_k24_view_d, a_k24_view_o, a_k24_view_s0, a_k24_view_s1, a_k24_view_t0, a_k24_view_t1, a_k25_arr_d, a_k25_arr_s0, a_k25_arr_s1, a_k25_arr_t0, a_k25_arr_t1, a_k2_view_d, a_k2_view_o, a_k2_view_s0, a_k2_view_s1, a_k2_view_t0, a_k2_view_t1, a_k3_view_d, a_k3_view_o, a_k3_view_s0, a_k3_view_s1, a_k3_view_t0, a_k3_view_t1, a_k4_view_d, a_k4_view_o, a_k4_view_s0, a_k4_view_s1, a_k4_view_t0, a_k4_view_t1, a_k5_view_d, a_k5_view_o, a_k5_view_s0, a_k5_view_s1, a_k5_view_t0, a_k5_view_t1, a_k6_view_d, a_k6_view_o, a_k6_view_s0, a_k6_view_s1, a_k6_view_t0, a_k6_view_t1, a_k7_view_d, a_k7_view_o, a_k7_view_s0, a_k7_view_s1, a_k7_view_t0, a_k7_view_t1, a_k8_arr_d, a_k8_arr_s0, a_k8_arr_s1, a_k8_arr_t0, a_k8_arr_t1)
            {
                for (int64_t k_t9 = k_from8; k_t9 < k_hi2; k_t9 += k_st3) {
                    v_k1_it = k_t9;
                    v_u__ = v_k1_it;
                    if (!((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))))) || ((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1))))))) {
                        if (omp_get_thread_num() == 0) { k_terr5 = 1; k_terr5_a[0] = (long long)((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))); k_terr5_a[1] = (long long)((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))); }
                        break;
                    }
                    if (!((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))))) || ((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1))))))) {
                        if (omp_get_thread_num() == 0) { k_terr5 = 2; k_terr5_a[0] = (long long)((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))); k_terr5_a[1] = (long long)((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))); }
                        break;
                    }
                    {
                        double* nd_ = a_p_b_d + (((a_p_b_s1) + (1)));
                        npy_intp ns0_ = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_b_s1;
                        npy_intp ns1_ = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                        a_k2_view_o = a_p_b_o;
                        a_k2_view_d = nd_;
                        a_k2_view_s0 = ns0_; a_k2_view_t0 = nt0_;
                        a_k2_view_s1 = ns1_; a_k2_view_t1 = nt1_;
                    }
                    {
                        double* nd_ = a_p_a_d + (((a_p_a_s1) + (1)));
                        npy_intp ns0_ = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_a_s1;
                        npy_intp ns1_ = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                        a_k3_view_o = a_p_a_o;
                        a_k3_view_d = nd_;
                        a_k3_view_s0 = ns0_; a_k3_view_t0 = nt0_;
                        a_k3_view_s1 = ns1_; a_k3_view_t1 = nt1_;
                    }
                    {
                        double* nd_ = a_p_a_d + (a_p_a_s1);
                        npy_intp ns0_ = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_a_s1;
                        npy_intp ns1_ = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                        a_k4_view_o = a_p_a_o;
                        a_k4_view_d = nd_;
                        a_k4_view_s0 = ns0_; a_k4_view_t0 = nt0_;
                        a_k4_view_s1 = ns1_; a_k4_view_t1 = nt1_;
                    }
                    {
                        double* nd_ = a_p_a_d + (((a_p_a_s1) + (((INT64_C(2)) * (1)))));
                        npy_intp ns0_ = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_a_s1;
                        npy_intp ns1_ = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                        a_k5_view_o = a_p_a_o;
                        a_k5_view_d = nd_;
                        a_k5_view_s0 = ns0_; a_k5_view_t0 = nt0_;
                        a_k5_view_s1 = ns1_; a_k5_view_t1 = nt1_;
                    }
                    {
                        double* nd_ = a_p_a_d + (((((INT64_C(2)) * (a_p_a_s1))) + (1)));
                        npy_intp ns0_ = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_a_s1;
                        npy_intp ns1_ = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                        a_k6_view_o = a_p_a_o;
                        a_k6_view_d = nd_;
                        a_k6_view_s0 = ns0_; a_k6_view_t0 = nt0_;
                        a_k6_view_s1 = ns1_; a_k6_view_t1 = nt1_;
                    }
                    {
                        double* nd_ = a_p_a_d + (1);
                        npy_intp ns0_ = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_a_s1;
                        npy_intp ns1_ = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                        a_k7_view_o = a_p_a_o;
                        a_k7_view_d = nd_;
                        a_k7_view_s0 = ns0_; a_k7_view_t0 = nt0_;
                        a_k7_view_s1 = ns1_; a_k7_view_t1 = nt1_;
                    }
                    if (((((((((((0) || (kiln_spans_overlap(kiln_span_of(a_k2_view_d, 2, (npy_intp[]){a_k2_view_s0, a_k2_view_s1}, (npy_intp[]){a_k2_view_t0, 1}, sizeof(double)), kiln_span_of(a_k3_view_d, 2, (npy_intp[]){a_k3_view_s0, a_k3_view_s1}, (npy_intp[]){a_k3_view_t0, 1}, sizeof(double)))))) || (kiln_spans_overlap(kiln_span_of(a_k2_view_d, 2, (npy_intp[]){a_k2_view_s0, a_k2_view_s1}, (npy_intp[]){a_k2_view_t0, 1}, sizeof(double)), kiln_span_of(a_k4_view_d, 2, (npy_intp[]){a_k4_view_s0, a_k4_view_s1}, (npy_intp[]){a_k4_view_t0, 1}, sizeof(double)))))) || (kiln_spans_overlap(kiln_span_of(a_k2_view_d, 2, (npy_intp[]){a_k2_view_s0, a_k2_view_s1}, (npy_intp[]){a_k2_view_t0, 1}, sizeof(double)), kiln_span_of(a_k5_view_d, 2, (npy_intp[]){a_k5_view_s0, a_k5_view_s1}, (npy_intp[]){a_k5_view_t0, 1}, sizeof(double)))))) || (kiln_spans_overlap(kiln_span_of(a_k2_view_d, 2, (npy_intp[]){a_k2_view_s0, a_k2_view_s1}, (npy_intp[]){a_k2_view_t0, 1}, sizeof(double)), kiln_span_of(a_k6_view_d, 2, (npy_intp[]){a_k6_view_s0, a_k6_view_s1}, (npy_intp[]){a_k6_view_t0, 1}, sizeof(double)))))) || (kiln_spans_overlap(kiln_span_of(a_k2_view_d, 2, (npy_intp[]){a_k2_view_s0, a_k2_view_s1}, (npy_intp[]){a_k2_view_t0, 1}, sizeof(double)), kiln_span_of(a_k7_view_d, 2, (npy_intp[]){a_k7_view_s0, a_k7_view_s1}, (npy_intp[]){a_k7_view_t0, 1}, sizeof(double)))))) {
                        if (!((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) >= (INT64_C(0))))) {
                            if (omp_get_thread_num() == 0) { k_terr5 = 3;  }
                            break;
                        }
                        if (!((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) >= (INT64_C(0))))) {
                            if (omp_get_thread_num() == 0) { k_terr5 = 4;  }
                            break;
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
                                const int64_t k_lo267 = INT64_C(0), k_hi268 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st269 = INT64_C(1);
                                    #pragma omp for schedule(static) private(v_k9_i, v_k10_i, v_c11_k8_arr) nowait
                                    for (int64_t k_t270 = k_lo267; k_t270 < k_hi268; k_t270 += k_st269) { /* kiln loop #13 */
                                        v_k9_i = k_t270;
                                        {
                                            const int64_t k_lo273 = INT64_C(0), k_hi274 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st275 = INT64_C(1);
                                            #pragma omp simd private(v_k10_i, v_c11_k8_arr)
                                            for (int64_t k_t276 = k_lo273; k_t276 < k_hi274; k_t276 += k_st275) { /* kiln loop #12 */
                                                v_k10_i = k_t276;
                                                v_c11_k8_arr = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                                a_p_b_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k10_i))] = v_c11_k8_arr;
                                            }
                                        }
                                    }
                            }
                        } else {
                            {
                                const int64_t k_lo277 = INT64_C(0), k_hi278 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st279 = INT64_C(1);
                                    #pragma omp for schedule(static) private(v_k9_i, v_k10_i) nowait
                                    for (int64_t k_t280 = k_lo277; k_t280 < k_hi278; k_t280 += k_st279) { /* kiln loop #59 */
                                        v_k9_i = k_t280;
                                        {
                                            const int64_t k_lo283 = INT64_C(0), k_hi284 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st285 = INT64_C(1);
                                            #pragma omp simd private(v_k10_i)
                                            for (int64_t k_t286 = k_lo283; k_t286 < k_hi284; k_t286 += k_st285) { /* kiln loop #58 */
                                                v_k10_i = k_t286;
                                                a_k8_arr_d[(v_k9_i)*(a_k8_arr_s1) + v_k10_i] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                            }
                                        }
                                    }
                            }
                            if ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))))) && ((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))))))) {
                                {
                                    const int64_t k_lo287 = INT64_C(0), k_hi288 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st289 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar6);
                                        #pragma omp for schedule(static) private(v_k11_i, v_k12_i) nowait
                                        for (int64_t k_t290 = k_lo287; k_t290 < k_hi288; k_t290 += k_st289) { /* kiln loop #62 */
                                            v_k11_i = k_t290;
                                            {
                                                const int64_t k_lo293 = INT64_C(0), k_hi294 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st295 = INT64_C(1);
                                                #pragma omp simd private(v_k12_i)
                                                for (int64_t k_t296 = k_lo293; k_t296 < k_hi294; k_t296 += k_st295) { /* kiln loop #61 */
                                                    v_k12_i = k_t296;
                                                    a_p_b_d[(((INT64_C(1)) + (v_k11_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k12_i))] = a_k8_arr_d[(v_k11_i)*(a_k8_arr_s1) + v_k12_i];
                                                }
                                            }
                                        }
                                }
                            } else {
                                {
                                    const int64_t k_lo297 = INT64_C(0), k_hi298 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st299 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar6);
                                        #pragma omp for schedule(static) private(v_k13_i, v_k14_i) nowait
                                        for (int64_t k_t300 = k_lo297; k_t300 < k_hi298; k_t300 += k_st299) { /* kiln loop #65 */
                                            v_k13_i = k_t300;
                                            {
                                                const int64_t k_lo303 = INT64_C(0), k_hi304 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st305 = INT64_C(1);
                                                for (int64_t k_t306 = k_lo303; k_t306 < k_hi304; k_t306 += k_st305) { /* kiln loop #64 */
                                                    v_k14_i = k_t306;
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
                                const int64_t k_lo307 = INT64_C(0), k_hi308 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st309 = INT64_C(1);
                                    #pragma omp for schedule(static) private(v_k15_i, v_k16_i) nowait
                                    for (int64_t k_t310 = k_lo307; k_t310 < k_hi308; k_t310 += k_st309) { /* kiln loop #23 */
                                        v_k15_i = k_t310;
                                        if ((!kiln_spans_overlap(kiln_span_of(a_p_a_d, 2, (npy_intp[]){a_p_a_s0, a_p_a_s1}, (npy_intp[]){a_p_a_s1, 1}, sizeof(double)), kiln_span_of(a_p_b_d, 2, (npy_intp[]){a_p_b_s0, a_p_b_s1}, (npy_intp[]){a_p_b_s1, 1}, sizeof(double))))) {
                                            {
                                                const int64_t k_lo313 = INT64_C(0), k_hi314 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st315 = INT64_C(1);
                                                #pragma omp simd private(v_k16_i)
                                                for (int64_t k_t316 = k_lo313; k_t316 < k_hi314; k_t316 += k_st315) { /* kiln loop #22 */
                                                    v_k16_i = k_t316;
                                                    a_p_b_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k16_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + v_k16_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k16_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))) + (a_p_a_d[(v_k15_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))));
                                                }
                                            }
                                        } else {
                                            {
                                                const int64_t k_lo317 = INT64_C(0), k_hi318 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st319 = INT64_C(1);
                                                for (int64_t k_t320 = k_lo317; k_t320 < k_hi318; k_t320 += k_st319) { /* kiln loop #80 */
                                                    v_k16_i = k_t320;
                                                    a_p_b_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k16_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + v_k16_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k16_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))) + (a_p_a_d[(v_k15_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))));
                                                }
                                            }
                                        }
                                    }
                            }
                        } else {
                            {
                                const int64_t k_lo321 = INT64_C(0), k_hi322 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st323 = INT64_C(1);
                                    #pragma omp for schedule(static) private(v_k17_i, v_k18_i) nowait
                                    for (int64_t k_t324 = k_lo321; k_t324 < k_hi322; k_t324 += k_st323) { /* kiln loop #26 */
                                        v_k17_i = k_t324;
                                        {
                                            const int64_t k_lo327 = INT64_C(0), k_hi328 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st329 = INT64_C(1);
                                            for (int64_t k_t330 = k_lo327; k_t330 < k_hi328; k_t330 += k_st329) { /* kiln loop #25 */
                                                v_k18_i = k_t330;
                                                a_p_b_d[(((INT64_C(1)) + (v_k17_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k18_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]) + (a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + (((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))]))) + (a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(2)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))) + (a_p_a_d[(((INT64_C(2)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))) + (a_p_a_d[((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))));
                                            }
                                        }
                                    }
                            }
                        }
                    }
                    if (!((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))))) || ((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1))))))) {
                        if (omp_get_thread_num() == 0) { k_terr5 = 5; k_terr5_a[0] = (long long)((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))); k_terr5_a[1] = (long long)((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))); }
                        break;
                    }
                    if (!((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))))) || ((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1))))))) {
                        if (omp_get_thread_num() == 0) { k_terr5 = 6; k_terr5_a[0] = (long long)((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))); k_terr5_a[1] = (long long)((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))); }
                        break;
                    }
                    {
                        double* nd_ = a_p_a_d + (((a_p_a_s1) + (1)));
                        npy_intp ns0_ = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_a_s1;
                        npy_intp ns1_ = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                        a_k19_view_o = a_p_a_o;
                        a_k19_view_d = nd_;
                        a_k19_view_s0 = ns0_; a_k19_view_t0 = nt0_;
                        a_k19_view_s1 = ns1_; a_k19_view_t1 = nt1_;
                    }
                    {
                        double* nd_ = a_p_b_d + (((a_p_b_s1) + (1)));
                        npy_intp ns0_ = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_b_s1;
                        npy_intp ns1_ = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                        a_k20_view_o = a_p_b_o;
                        a_k20_view_d = nd_;
                        a_k20_view_s0 = ns0_; a_k20_view_t0 = nt0_;
                        a_k20_view_s1 = ns1_; a_k20_view_t1 = nt1_;
                    }
                    {
                        double* nd_ = a_p_b_d + (a_p_b_s1);
                        npy_intp ns0_ = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_b_s1;
                        npy_intp ns1_ = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                        a_k21_view_o = a_p_b_o;
                        a_k21_view_d = nd_;
                        a_k21_view_s0 = ns0_; a_k21_view_t0 = nt0_;
                        a_k21_view_s1 = ns1_; a_k21_view_t1 = nt1_;
                    }
                    {
                        double* nd_ = a_p_b_d + (((a_p_b_s1) + (((INT64_C(2)) * (1)))));
                        npy_intp ns0_ = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_b_s1;
                        npy_intp ns1_ = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                        a_k22_view_o = a_p_b_o;
                        a_k22_view_d = nd_;
                        a_k22_view_s0 = ns0_; a_k22_view_t0 = nt0_;
                        a_k22_view_s1 = ns1_; a_k22_view_t1 = nt1_;
                    }
                    {
                        double* nd_ = a_p_b_d + (((((INT64_C(2)) * (a_p_b_s1))) + (1)));
                        npy_intp ns0_ = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_b_s1;
                        npy_intp ns1_ = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                        a_k23_view_o = a_p_b_o;
                        a_k23_view_d = nd_;
                        a_k23_view_s0 = ns0_; a_k23_view_t0 = nt0_;
                        a_k23_view_s1 = ns1_; a_k23_view_t1 = nt1_;
                    }
                    {
                        double* nd_ = a_p_b_d + (1);
                        npy_intp ns0_ = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), nt0_ = a_p_b_s1;
                        npy_intp ns1_ = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), nt1_ = 1;
                        a_k24_view_o = a_p_b_o;
                        a_k24_view_d = nd_;
                        a_k24_view_s0 = ns0_; a_k24_view_t0 = nt0_;
                        a_k24_view_s1 = ns1_; a_k24_view_t1 = nt1_;
                    }
                    if (((((((((((0) || (kiln_spans_overlap(kiln_span_of(a_k19_view_d, 2, (npy_intp[]){a_k19_view_s0, a_k19_view_s1}, (npy_intp[]){a_k19_view_t0, 1}, sizeof(double)), kiln_span_of(a_k20_view_d, 2, (npy_intp[]){a_k20_view_s0, a_k20_view_s1}, (npy_intp[]){a_k20_view_t0, 1}, sizeof(double)))))) || (kiln_spans_overlap(kiln_span_of(a_k19_view_d, 2, (npy_intp[]){a_k19_view_s0, a_k19_view_s1}, (npy_intp[]){a_k19_view_t0, 1}, sizeof(double)), kiln_span_of(a_k21_view_d, 2, (npy_intp[]){a_k21_view_s0, a_k21_view_s1}, (npy_intp[]){a_k21_view_t0, 1}, sizeof(double)))))) || (kiln_spans_overlap(kiln_span_of(a_k19_view_d, 2, (npy_intp[]){a_k19_view_s0, a_k19_view_s1}, (npy_intp[]){a_k19_view_t0, 1}, sizeof(double)), kiln_span_of(a_k22_view_d, 2, (npy_intp[]){a_k22_view_s0, a_k22_view_s1}, (npy_intp[]){a_k22_view_t0, 1}, sizeof(double)))))) || (kiln_spans_overlap(kiln_span_of(a_k19_view_d, 2, (npy_intp[]){a_k19_view_s0, a_k19_view_s1}, (npy_intp[]){a_k19_view_t0, 1}, sizeof(double)), kiln_span_of(a_k23_view_d, 2, (npy_intp[]){a_k23_view_s0, a_k23_view_s1}, (npy_intp[]){a_k23_view_t0, 1}, sizeof(double)))))) || (kiln_spans_overlap(kiln_span_of(a_k19_view_d, 2, (npy_intp[]){a_k19_view_s0, a_k19_view_s1}, (npy_intp[]){a_k19_view_t0, 1}, sizeof(double)), kiln_span_of(a_k24_view_d, 2, (npy_intp[]){a_k24_view_s0, a_k24_view_s1}, (npy_intp[]){a_k24_view_t0, 1}, sizeof(double)))))) {
                        if (!((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) >= (INT64_C(0))))) {
                            if (omp_get_thread_num() == 0) { k_terr5 = 7;  }
                            break;
                        }
                        if (!((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) >= (INT64_C(0))))) {
                            if (omp_get_thread_num() == 0) { k_terr5 = 8;  }
                            break;
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
                                const int64_t k_lo331 = INT64_C(0), k_hi332 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st333 = INT64_C(1);
                                kiln_barrier_wait(&k_bar6);
                                    #pragma omp for schedule(static) private(v_k26_i, v_k27_i, v_c38_k25_arr) nowait
                                    for (int64_t k_t334 = k_lo331; k_t334 < k_hi332; k_t334 += k_st333) { /* kiln loop #40 */
                                        v_k26_i = k_t334;
                                        {
                                            const int64_t k_lo337 = INT64_C(0), k_hi338 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st339 = INT64_C(1);
                                            #pragma omp simd private(v_k27_i, v_c38_k25_arr)
                                            for (int64_t k_t340 = k_lo337; k_t340 < k_hi338; k_t340 += k_st339) { /* kiln loop #39 */
                                                v_k27_i = k_t340;
                                                v_c38_k25_arr = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                                a_p_a_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k27_i))] = v_c38_k25_arr;
                                            }
                                        }
                                    }
                            }
                        } else {
                            {
                                const int64_t k_lo341 = INT64_C(0), k_hi342 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st343 = INT64_C(1);
                                kiln_barrier_wait(&k_bar6);
                                    #pragma omp for schedule(static) private(v_k26_i, v_k27_i) nowait
                                    for (int64_t k_t344 = k_lo341; k_t344 < k_hi342; k_t344 += k_st343) { /* kiln loop #70 */
                                        v_k26_i = k_t344;
                                        {
                                            const int64_t k_lo347 = INT64_C(0), k_hi348 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st349 = INT64_C(1);
                                            #pragma omp simd private(v_k27_i)
                                            for (int64_t k_t350 = k_lo347; k_t350 < k_hi348; k_t350 += k_st349) { /* kiln loop #69 */
                                                v_k27_i = k_t350;
                                                a_k25_arr_d[(v_k26_i)*(a_k25_arr_s1) + v_k27_i] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                            }
                                        }
                                    }
                            }
                            if ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))))) && ((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))))))) {
                                {
                                    const int64_t k_lo351 = INT64_C(0), k_hi352 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st353 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar6);
                                        #pragma omp for schedule(static) private(v_k28_i, v_k29_i) nowait
                                        for (int64_t k_t354 = k_lo351; k_t354 < k_hi352; k_t354 += k_st353) { /* kiln loop #73 */
                                            v_k28_i = k_t354;
                                            {
                                                const int64_t k_lo357 = INT64_C(0), k_hi358 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st359 = INT64_C(1);
                                                #pragma omp simd private(v_k29_i)
                                                for (int64_t k_t360 = k_lo357; k_t360 < k_hi358; k_t360 += k_st359) { /* kiln loop #72 */
                                                    v_k29_i = k_t360;
                                                    a_p_a_d[(((INT64_C(1)) + (v_k28_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k29_i))] = a_k25_arr_d[(v_k28_i)*(a_k25_arr_s1) + v_k29_i];
                                                }
                                            }
                                        }
                                }
                            } else {
                                {
                                    const int64_t k_lo361 = INT64_C(0), k_hi362 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st363 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar6);
                                        #pragma omp for schedule(static) private(v_k30_i, v_k31_i) nowait
                                        for (int64_t k_t364 = k_lo361; k_t364 < k_hi362; k_t364 += k_st363) { /* kiln loop #76 */
                                            v_k30_i = k_t364;
                                            {
                                                const int64_t k_lo367 = INT64_C(0), k_hi368 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st369 = INT64_C(1);
                                                for (int64_t k_t370 = k_lo367; k_t370 < k_hi368; k_t370 += k_st369) { /* kiln loop #75 */
                                                    v_k31_i = k_t370;
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
                                const int64_t k_lo371 = INT64_C(0), k_hi372 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st373 = INT64_C(1);
                                kiln_barrier_wait(&k_bar6);
                                    #pragma omp for schedule(static) private(v_k32_i, v_k33_i) nowait
                                    for (int64_t k_t374 = k_lo371; k_t374 < k_hi372; k_t374 += k_st373) { /* kiln loop #50 */
                                        v_k32_i = k_t374;
                                        if ((!kiln_spans_overlap(kiln_span_of(a_p_a_d, 2, (npy_intp[]){a_p_a_s0, a_p_a_s1}, (npy_intp[]){a_p_a_s1, 1}, sizeof(double)), kiln_span_of(a_p_b_d, 2, (npy_intp[]){a_p_b_s0, a_p_b_s1}, (npy_intp[]){a_p_b_s1, 1}, sizeof(double))))) {
                                            {
                                                const int64_t k_lo377 = INT64_C(0), k_hi378 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st379 = INT64_C(1);
                                                #pragma omp simd private(v_k33_i)
                                                for (int64_t k_t380 = k_lo377; k_t380 < k_hi378; k_t380 += k_st379) { /* kiln loop #49 */
                                                    v_k33_i = k_t380;
                                                    a_p_a_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k33_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + v_k33_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k33_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))) + (a_p_b_d[(v_k32_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))));
                                                }
                                            }
                                        } else {
                                            {
                                                const int64_t k_lo381 = INT64_C(0), k_hi382 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st383 = INT64_C(1);
                                                for (int64_t k_t384 = k_lo381; k_t384 < k_hi382; k_t384 += k_st383) { /* kiln loop #83 */
                                                    v_k33_i = k_t384;
                                                    a_p_a_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k33_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + v_k33_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k33_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))) + (a_p_b_d[(v_k32_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))));
                                                }
                                            }
                                        }
                                    }
                            }
                        } else {
                            {
                                const int64_t k_lo385 = INT64_C(0), k_hi386 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st387 = INT64_C(1);
                                kiln_barrier_wait(&k_bar6);
                                    #pragma omp for schedule(static) private(v_k34_i, v_k35_i) nowait
                                    for (int64_t k_t388 = k_lo385; k_t388 < k_hi386; k_t388 += k_st387) { /* kiln loop #53 */
                                        v_k34_i = k_t388;
                                        {
                                            const int64_t k_lo391 = INT64_C(0), k_hi392 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st393 = INT64_C(1);
                                            for (int64_t k_t394 = k_lo391; k_t394 < k_hi392; k_t394 += k_st393) { /* kiln loop #52 */
                                                v_k35_i = k_t394;
                                                a_p_a_d[(((INT64_C(1)) + (v_k34_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k35_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]) + (a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + (((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))]))) + (a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(2)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))) + (a_p_b_d[(((INT64_C(2)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))) + (a_p_b_d[((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))));
                                            }
                                        }
                                    }
                            }
                        }
                    }
                    kiln_barrier_wait(&k_bar6);
                }
            }
            kiln_team = KILN_PAR_MIN;
            if (k_terr5 == 1) PyErr_Format(PyExc_ValueError, "could not broadcast input array dimension %lld into destination dimension %lld", k_terr5_a[0], k_terr5_a[1]);
            if (k_terr5 == 2) PyErr_Format(PyExc_ValueError, "could not broadcast input array dimension %lld into destination dimension %lld", k_terr5_a[0], k_terr5_a[1]);
            if (k_terr5 == 3) PyErr_Format(PyExc_ValueError, "negative dimensions are not allowed");
            if (k_terr5 == 4) PyErr_Format(PyExc_ValueError, "negative dimensions are not allowed");
            if (k_terr5 == 5) PyErr_Format(PyExc_ValueError, "could not broadcast input array dimension %lld into destination dimension %lld", k_terr5_a[0], k_terr5_a[1]);
            if (k_terr5 == 6) PyErr_Format(PyExc_ValueError, "could not broadcast input array dimension %lld into destination dimension %lld", k_terr5_a[0], k_terr5_a[1]);
            if (k_terr5 == 7) PyErr_Format(PyExc_ValueError, "negative dimensions are not allowed");
            if (k_terr5 == 8) PyErr_Format(PyExc_ValueError, "negative dimensions are not allowed");
            if (k_terr5) goto kiln_fail;
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

