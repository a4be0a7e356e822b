


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
        PyObject* k_o394 = kiln_scratch_array(1, d_, NPY_FLOAT64);
        if (!k_o394) goto kiln_fail;
        Py_XDECREF(a_k8_arr_o); a_k8_arr_o = k_o394;
    }
    {
        npy_intp d_[1] = {(npy_intp)1 * (npy_intp)1 * (((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) > 0 ? ((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) : 0) * (((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) > 0 ? ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) : 0)};
        PyObject* k_o395 = kiln_scratch_array(1, d_, NPY_FLOAT64);
        if (!k_o395) goto kiln_fail;
        Py_XDECREF(a_k25_arr_o); a_k25_arr_o = k_o395;
    }
    {
        const int64_t k_lo1 = INT64_C(0), k_hi2 = v_p_steps, k_st3 = INT64_C(1);
        int k_go7 = 0;
        int64_t k_from8 = k_lo1;
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
                        const int64_t k_lo10 = INT64_C(0), k_hi11 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st12 = INT64_C(1);
                        if (kiln_team_of_many() && (kiln_worth_team((k_hi11 - k_lo10) * kiln_trips(INT64_C(0), (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 21, &kiln_team))) {
                            if ((k_hi11 - k_lo10) < 4 * omp_get_max_threads() && (k_hi11 - k_lo10) % omp_get_max_threads() != 0 && ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                const int64_t k_lo20 = INT64_C(0), k_hi21 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                #pragma omp parallel for collapse(2) schedule(static) private(v_k9_i, v_k10_i, v_c11_k8_arr)
                                for (int64_t k_t13 = k_lo10; k_t13 < k_hi11; k_t13 += k_st12) for (int64_t k_t22 = k_lo20; k_t22 < k_hi21; k_t22 += INT64_C(1)) { /* kiln loop #13 */
                                    v_k9_i = k_t13; v_k10_i = k_t22;
                                    v_c11_k8_arr = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                    a_p_b_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k10_i))] = v_c11_k8_arr;
                                }
                            } else {
                                #pragma omp parallel for schedule(static) private(v_k9_i, v_k10_i, v_c11_k8_arr)
                                for (int64_t k_t13 = k_lo10; k_t13 < k_hi11; k_t13 += k_st12) { /* kiln loop #13 */
                                    v_k9_i = k_t13;
                                    {
                                        const int64_t k_lo16 = INT64_C(0), k_hi17 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st18 = INT64_C(1);
                                        #pragma omp simd private(v_k10_i, v_c11_k8_arr)
                                        for (int64_t k_t19 = k_lo16; k_t19 < k_hi17; k_t19 += k_st18) { /* kiln loop #12 */
                                            v_k10_i = k_t19;
                                            v_c11_k8_arr = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                            a_p_b_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k10_i))] = v_c11_k8_arr;
                                        }
                                    }
                                }
                            }
                        } else {
                            for (int64_t k_t13 = k_lo10; k_t13 < k_hi11; k_t13 += k_st12) { /* kiln loop #13 */
                                v_k9_i = k_t13;
                                {
                                    const int64_t k_lo27 = INT64_C(0), k_hi28 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st29 = INT64_C(1);
                                    #pragma omp simd private(v_k10_i, v_c11_k8_arr)
                                    for (int64_t k_t30 = k_lo27; k_t30 < k_hi28; k_t30 += k_st29) { /* kiln loop #12 */
                                        v_k10_i = k_t30;
                                        v_c11_k8_arr = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                        a_p_b_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k10_i))] = v_c11_k8_arr;
                                    }
                                }
                            }
                        }
                    }
                } else {
                    {
                        const int64_t k_lo31 = INT64_C(0), k_hi32 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st33 = INT64_C(1);
                        if (kiln_team_of_many() && (kiln_worth_team((k_hi32 - k_lo31) * kiln_trips(INT64_C(0), (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 19, &kiln_team))) {
                            if ((k_hi32 - k_lo31) < 4 * omp_get_max_threads() && (k_hi32 - k_lo31) % omp_get_max_threads() != 0 && ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                const int64_t k_lo41 = INT64_C(0), k_hi42 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                #pragma omp parallel for collapse(2) schedule(static) private(v_k9_i, v_k10_i)
                                for (int64_t k_t34 = k_lo31; k_t34 < k_hi32; k_t34 += k_st33) for (int64_t k_t43 = k_lo41; k_t43 < k_hi42; k_t43 += INT64_C(1)) { /* kiln loop #59 */
                                    v_k9_i = k_t34; v_k10_i = k_t43;
                                    a_k8_arr_d[(v_k9_i)*(a_k8_arr_s1) + v_k10_i] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                }
                            } else {
                                #pragma omp parallel for schedule(static) private(v_k9_i, v_k10_i)
                                for (int64_t k_t34 = k_lo31; k_t34 < k_hi32; k_t34 += k_st33) { /* kiln loop #59 */
                                    v_k9_i = k_t34;
                                    {
                                        const int64_t k_lo37 = INT64_C(0), k_hi38 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st39 = INT64_C(1);
                                        #pragma omp simd private(v_k10_i)
                                        for (int64_t k_t40 = k_lo37; k_t40 < k_hi38; k_t40 += k_st39) { /* kiln loop #58 */
                                            v_k10_i = k_t40;
                                            a_k8_arr_d[(v_k9_i)*(a_k8_arr_s1) + v_k10_i] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                        }
                                    }
                                }
                            }
                        } else {
                            for (int64_t k_t34 = k_lo31; k_t34 < k_hi32; k_t34 += k_st33) { /* kiln loop #59 */
                                v_k9_i = k_t34;
                                {
                                    const int64_t k_lo48 = INT64_C(0), k_hi49 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st50 = INT64_C(1);
                                    #pragma omp simd private(v_k10_i)
                                    for (int64_t k_t51 = k_lo48; k_t51 < k_hi49; k_t51 += k_st50) { /* kiln loop #58 */
                                        v_k10_i = k_t51;
                                        a_k8_arr_d[(v_k9_i)*(a_k8_arr_s1) + v_k10_i] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                    }
                                }
                            }
                        }
                    }
                    if ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))))) && ((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))))))) {
                        {
                            const int64_t k_lo52 = INT64_C(0), k_hi53 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st54 = INT64_C(1);
                            if (kiln_team_of_many() && (kiln_worth_team((k_hi53 - k_lo52) * kiln_trips(INT64_C(0), (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 4, &kiln_team))) {
                                if ((k_hi53 - k_lo52) < 4 * omp_get_max_threads() && (k_hi53 - k_lo52) % omp_get_max_threads() != 0 && ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                    const int64_t k_lo62 = INT64_C(0), k_hi63 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                    #pragma omp parallel for collapse(2) schedule(static) private(v_k11_i, v_k12_i)
                                    for (int64_t k_t55 = k_lo52; k_t55 < k_hi53; k_t55 += k_st54) for (int64_t k_t64 = k_lo62; k_t64 < k_hi63; k_t64 += INT64_C(1)) { /* kiln loop #62 */
                                        v_k11_i = k_t55; v_k12_i = k_t64;
                                        a_p_b_d[(((INT64_C(1)) + (v_k11_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k12_i))] = a_k8_arr_d[(v_k11_i)*(a_k8_arr_s1) + v_k12_i];
                                    }
                                } else {
                                    #pragma omp parallel for schedule(static) private(v_k11_i, v_k12_i)
                                    for (int64_t k_t55 = k_lo52; k_t55 < k_hi53; k_t55 += k_st54) { /* kiln loop #62 */
                                        v_k11_i = k_t55;
                                        {
                                            const int64_t k_lo58 = INT64_C(0), k_hi59 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st60 = INT64_C(1);
                                            #pragma omp simd private(v_k12_i)
                                            for (int64_t k_t61 = k_lo58; k_t61 < k_hi59; k_t61 += k_st60) { /* kiln loop #61 */
                                                v_k12_i = k_t61;
                                                a_p_b_d[(((INT64_C(1)) + (v_k11_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k12_i))] = a_k8_arr_d[(v_k11_i)*(a_k8_arr_s1) + v_k12_i];
                                            }
                                        }
                                    }
                                }
                            } else {
                                for (int64_t k_t55 = k_lo52; k_t55 < k_hi53; k_t55 += k_st54) { /* kiln loop #62 */
                                    v_k11_i = k_t55;
                                    {
                                        const int64_t k_lo69 = INT64_C(0), k_hi70 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st71 = INT64_C(1);
                                        #pragma omp simd private(v_k12_i)
                                        for (int64_t k_t72 = k_lo69; k_t72 < k_hi70; k_t72 += k_st71) { /* kiln loop #61 */
                                            v_k12_i = k_t72;
                                            a_p_b_d[(((INT64_C(1)) + (v_k11_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k12_i))] = a_k8_arr_d[(v_k11_i)*(a_k8_arr_s1) + v_k12_i];
                                        }
                                    }
                                }
                            }
                        }
                    } else {
                        {
                            const int64_t k_lo73 = INT64_C(0), k_hi74 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st75 = INT64_C(1);
                            if (kiln_team_of_many() && (kiln_worth_team((k_hi74 - k_lo73) * kiln_trips(INT64_C(0), (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 12, &kiln_team))) {
                                if ((k_hi74 - k_lo73) < 4 * omp_get_max_threads() && (k_hi74 - k_lo73) % omp_get_max_threads() != 0 && ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                    const int64_t k_lo83 = INT64_C(0), k_hi84 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                    #pragma omp parallel for collapse(2) schedule(static) private(v_k13_i, v_k14_i)
                                    for (int64_t k_t76 = k_lo73; k_t76 < k_hi74; k_t76 += k_st75) for (int64_t k_t85 = k_lo83; k_t85 < k_hi84; k_t85 += INT64_C(1)) { /* kiln loop #65 */
                                        v_k13_i = k_t76; v_k14_i = k_t85;
                                        a_p_b_d[(((INT64_C(1)) + (v_k13_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k14_i))] = a_k8_arr_d[((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k13_i)))*(a_k8_arr_s1) + (((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k14_i))];
                                    }
                                } else {
                                    #pragma omp parallel for schedule(static) private(v_k13_i, v_k14_i)
                                    for (int64_t k_t76 = k_lo73; k_t76 < k_hi74; k_t76 += k_st75) { /* kiln loop #65 */
                                        v_k13_i = k_t76;
                                        {
                                            const int64_t k_lo79 = INT64_C(0), k_hi80 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st81 = INT64_C(1);
                                            for (int64_t k_t82 = k_lo79; k_t82 < k_hi80; k_t82 += k_st81) { /* kiln loop #64 */
                                                v_k14_i = k_t82;
                                                a_p_b_d[(((INT64_C(1)) + (v_k13_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k14_i))] = a_k8_arr_d[((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k13_i)))*(a_k8_arr_s1) + (((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k14_i))];
                                            }
                                        }
                                    }
                                }
                            } else {
                                for (int64_t k_t76 = k_lo73; k_t76 < k_hi74; k_t76 += k_st75) { /* kiln loop #65 */
                                    v_k13_i = k_t76;
                                    {
                                        const int64_t k_lo90 = INT64_C(0), k_hi91 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st92 = INT64_C(1);
                                        for (int64_t k_t93 = k_lo90; k_t93 < k_hi91; k_t93 += k_st92) { /* kiln loop #64 */
                                            v_k14_i = k_t93;
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
                        const int64_t k_lo94 = INT64_C(0), k_hi95 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st96 = INT64_C(1);
                        if (kiln_team_of_many() && (kiln_worth_team((k_hi95 - k_lo94) * (1 + kiln_work_max(kiln_trips(INT64_C(0), (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 21, kiln_trips(INT64_C(0), (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 21)), &kiln_team))) {
                            #pragma omp parallel for schedule(static) private(v_k15_i, v_k16_i)
                            for (int64_t k_t97 = k_lo94; k_t97 < k_hi95; k_t97 += k_st96) { /* kiln loop #23 */
                                v_k15_i = k_t97;
                                if ((!kiln_spans_overlap(kiln_span_of(a_p_a_d, 2, (npy_intp[]){a_p_a_s0, a_p_a_s1}, (npy_intp[]){a_p_a_s1, 1}, sizeof(double)), kiln_span_of(a_p_b_d, 2, (npy_intp[]){a_p_b_s0, a_p_b_s1}, (npy_intp[]){a_p_b_s1, 1}, sizeof(double))))) {
                                    {
                                        const int64_t k_lo100 = INT64_C(0), k_hi101 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st102 = INT64_C(1);
                                        #pragma omp simd private(v_k16_i)
                                        for (int64_t k_t103 = k_lo100; k_t103 < k_hi101; k_t103 += k_st102) { /* kiln loop #22 */
                                            v_k16_i = k_t103;
                                            a_p_b_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k16_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + v_k16_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k16_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))) + (a_p_a_d[(v_k15_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))));
                                        }
                                    }
                                } else {
                                    {
                                        const int64_t k_lo104 = INT64_C(0), k_hi105 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st106 = INT64_C(1);
                                        for (int64_t k_t107 = k_lo104; k_t107 < k_hi105; k_t107 += k_st106) { /* kiln loop #80 */
                                            v_k16_i = k_t107;
                                            a_p_b_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k16_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + v_k16_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k16_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))) + (a_p_a_d[(v_k15_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))));
                                        }
                                    }
                                }
                            }
                        } else {
                            for (int64_t k_t97 = k_lo94; k_t97 < k_hi95; k_t97 += k_st96) { /* kiln loop #23 */
                                v_k15_i = k_t97;
                                if ((!kiln_spans_overlap(kiln_span_of(a_p_a_d, 2, (npy_intp[]){a_p_a_s0, a_p_a_s1}, (npy_intp[]){a_p_a_s1, 1}, sizeof(double)), kiln_span_of(a_p_b_d, 2, (npy_intp[]){a_p_b_s0, a_p_b_s1}, (npy_intp[]){a_p_b_s1, 1}, sizeof(double))))) {
                                    {
                                        const int64_t k_lo109 = INT64_C(0), k_hi110 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st111 = INT64_C(1);
                                        #pragma omp simd private(v_k16_i)
                                        for (int64_t k_t112 = k_lo109; k_t112 < k_hi110; k_t112 += k_st111) { /* kiln loop #22 */
                                            v_k16_i = k_t112;
                                            a_p_b_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k16_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + v_k16_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k16_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))) + (a_p_a_d[(v_k15_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))));
                                        }
                                    }
                                } else {
                                    {
                                        const int64_t k_lo113 = INT64_C(0), k_hi114 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st115 = INT64_C(1);
                                        for (int64_t k_t116 = k_lo113; k_t116 < k_hi114; k_t116 += k_st115) { /* kiln loop #80 */
                                            v_k16_i = k_t116;
                                            a_p_b_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k16_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + v_k16_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k16_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))) + (a_p_a_d[(v_k15_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))));
                                        }
                                    }
                                }
                            }
                        }
                    }
                } else {
                    {
                        const int64_t k_lo117 = INT64_C(0), k_hi118 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st119 = INT64_C(1);
                        if (kiln_team_of_many() && (kiln_worth_team((k_hi118 - k_lo117) * kiln_trips(INT64_C(0), (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 61, &kiln_team))) {
                            if ((k_hi118 - k_lo117) < 4 * omp_get_max_threads() && (k_hi118 - k_lo117) % omp_get_max_threads() != 0 && ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                const int64_t k_lo127 = INT64_C(0), k_hi128 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                #pragma omp parallel for collapse(2) schedule(static) private(v_k17_i, v_k18_i)
                                for (int64_t k_t120 = k_lo117; k_t120 < k_hi118; k_t120 += k_st119) for (int64_t k_t129 = k_lo127; k_t129 < k_hi128; k_t129 += INT64_C(1)) { /* kiln loop #26 */
                                    v_k17_i = k_t120; v_k18_i = k_t129;
                                    a_p_b_d[(((INT64_C(1)) + (v_k17_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k18_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]) + (a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + (((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))]))) + (a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(2)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))) + (a_p_a_d[(((INT64_C(2)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))) + (a_p_a_d[((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))));
                                }
                            } else {
                                #pragma omp parallel for schedule(static) private(v_k17_i, v_k18_i)
                                for (int64_t k_t120 = k_lo117; k_t120 < k_hi118; k_t120 += k_st119) { /* kiln loop #26 */
                                    v_k17_i = k_t120;
                                    {
                                        const int64_t k_lo123 = INT64_C(0), k_hi124 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st125 = INT64_C(1);
                                        for (int64_t k_t126 = k_lo123; k_t126 < k_hi124; k_t126 += k_st125) { /* kiln loop #25 */
                                            v_k18_i = k_t126;
                                            a_p_b_d[(((INT64_C(1)) + (v_k17_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k18_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]) + (a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + (((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))]))) + (a_p_a_d[(((INT64_C(1)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(2)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))) + (a_p_a_d[(((INT64_C(2)) + ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))) + (a_p_a_d[((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))*(a_p_a_s1) + ((INT64_C(1)) + ((((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k18_i))))]))));
                                        }
                                    }
                                }
                            }
                        } else {
                            for (int64_t k_t120 = k_lo117; k_t120 < k_hi118; k_t120 += k_st119) { /* kiln loop #26 */
                                v_k17_i = k_t120;
                                {
                                    const int64_t k_lo134 = INT64_C(0), k_hi135 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st136 = INT64_C(1);
                                    for (int64_t k_t137 = k_lo134; k_t137 < k_hi135; k_t137 += k_st136) { /* kiln loop #25 */
                                        v_k18_i = k_t137;
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
                        const int64_t k_lo138 = INT64_C(0), k_hi139 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st140 = INT64_C(1);
                        if (kiln_team_of_many() && (kiln_worth_team((k_hi139 - k_lo138) * kiln_trips(INT64_C(0), (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 21, &kiln_team))) {
                            if ((k_hi139 - k_lo138) < 4 * omp_get_max_threads() && (k_hi139 - k_lo138) % omp_get_max_threads() != 0 && ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                const int64_t k_lo148 = INT64_C(0), k_hi149 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                #pragma omp parallel for collapse(2) schedule(static) private(v_k26_i, v_k27_i, v_c38_k25_arr)
                                for (int64_t k_t141 = k_lo138; k_t141 < k_hi139; k_t141 += k_st140) for (int64_t k_t150 = k_lo148; k_t150 < k_hi149; k_t150 += INT64_C(1)) { /* kiln loop #40 */
                                    v_k26_i = k_t141; v_k27_i = k_t150;
                                    v_c38_k25_arr = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                    a_p_a_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k27_i))] = v_c38_k25_arr;
                                }
                            } else {
                                #pragma omp parallel for schedule(static) private(v_k26_i, v_k27_i, v_c38_k25_arr)
                                for (int64_t k_t141 = k_lo138; k_t141 < k_hi139; k_t141 += k_st140) { /* kiln loop #40 */
                                    v_k26_i = k_t141;
                                    {
                                        const int64_t k_lo144 = INT64_C(0), k_hi145 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st146 = INT64_C(1);
                                        #pragma omp simd private(v_k27_i, v_c38_k25_arr)
                                        for (int64_t k_t147 = k_lo144; k_t147 < k_hi145; k_t147 += k_st146) { /* kiln loop #39 */
                                            v_k27_i = k_t147;
                                            v_c38_k25_arr = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                            a_p_a_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k27_i))] = v_c38_k25_arr;
                                        }
                                    }
                                }
                            }
                        } else {
                            for (int64_t k_t141 = k_lo138; k_t141 < k_hi139; k_t141 += k_st140) { /* kiln loop #40 */
                                v_k26_i = k_t141;
                                {
                                    const int64_t k_lo155 = INT64_C(0), k_hi156 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st157 = INT64_C(1);
                                    #pragma omp simd private(v_k27_i, v_c38_k25_arr)
                                    for (int64_t k_t158 = k_lo155; k_t158 < k_hi156; k_t158 += k_st157) { /* kiln loop #39 */
                                        v_k27_i = k_t158;
                                        v_c38_k25_arr = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                        a_p_a_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k27_i))] = v_c38_k25_arr;
                                    }
                                }
                            }
                        }
                    }
                } else {
                    {
                        const int64_t k_lo159 = INT64_C(0), k_hi160 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st161 = INT64_C(1);
                        if (kiln_team_of_many() && (kiln_worth_team((k_hi160 - k_lo159) * kiln_trips(INT64_C(0), (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 19, &kiln_team))) {
                            if ((k_hi160 - k_lo159) < 4 * omp_get_max_threads() && (k_hi160 - k_lo159) % omp_get_max_threads() != 0 && ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                const int64_t k_lo169 = INT64_C(0), k_hi170 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                #pragma omp parallel for collapse(2) schedule(static) private(v_k26_i, v_k27_i)
                                for (int64_t k_t162 = k_lo159; k_t162 < k_hi160; k_t162 += k_st161) for (int64_t k_t171 = k_lo169; k_t171 < k_hi170; k_t171 += INT64_C(1)) { /* kiln loop #70 */
                                    v_k26_i = k_t162; v_k27_i = k_t171;
                                    a_k25_arr_d[(v_k26_i)*(a_k25_arr_s1) + v_k27_i] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                }
                            } else {
                                #pragma omp parallel for schedule(static) private(v_k26_i, v_k27_i)
                                for (int64_t k_t162 = k_lo159; k_t162 < k_hi160; k_t162 += k_st161) { /* kiln loop #70 */
                                    v_k26_i = k_t162;
                                    {
                                        const int64_t k_lo165 = INT64_C(0), k_hi166 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st167 = INT64_C(1);
                                        #pragma omp simd private(v_k27_i)
                                        for (int64_t k_t168 = k_lo165; k_t168 < k_hi166; k_t168 += k_st167) { /* kiln loop #69 */
                                            v_k27_i = k_t168;
                                            a_k25_arr_d[(v_k26_i)*(a_k25_arr_s1) + v_k27_i] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                        }
                                    }
                                }
                            }
                        } else {
                            for (int64_t k_t162 = k_lo159; k_t162 < k_hi160; k_t162 += k_st161) { /* kiln loop #70 */
                                v_k26_i = k_t162;
                                {
                                    const int64_t k_lo176 = INT64_C(0), k_hi177 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st178 = INT64_C(1);
                                    #pragma omp simd private(v_k27_i)
                                    for (int64_t k_t179 = k_lo176; k_t179 < k_hi177; k_t179 += k_st178) { /* kiln loop #69 */
                                        v_k27_i = k_t179;
                                        a_k25_arr_d[(v_k26_i)*(a_k25_arr_s1) + v_k27_i] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                    }
                                }
                            }
                        }
                    }
                    if ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))))) && ((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))))))) {
                        {
                            const int64_t k_lo180 = INT64_C(0), k_hi181 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st182 = INT64_C(1);
                            if (kiln_team_of_many() && (kiln_worth_team((k_hi181 - k_lo180) * kiln_trips(INT64_C(0), (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 4, &kiln_team))) {
                                if ((k_hi181 - k_lo180) < 4 * omp_get_max_threads() && (k_hi181 - k_lo180) % omp_get_max_threads() != 0 && ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                    const int64_t k_lo190 = INT64_C(0), k_hi191 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                    #pragma omp parallel for collapse(2) schedule(static) private(v_k28_i, v_k29_i)
                                    for (int64_t k_t183 = k_lo180; k_t183 < k_hi181; k_t183 += k_st182) for (int64_t k_t192 = k_lo190; k_t192 < k_hi191; k_t192 += INT64_C(1)) { /* kiln loop #73 */
                                        v_k28_i = k_t183; v_k29_i = k_t192;
                                        a_p_a_d[(((INT64_C(1)) + (v_k28_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k29_i))] = a_k25_arr_d[(v_k28_i)*(a_k25_arr_s1) + v_k29_i];
                                    }
                                } else {
                                    #pragma omp parallel for schedule(static) private(v_k28_i, v_k29_i)
                                    for (int64_t k_t183 = k_lo180; k_t183 < k_hi181; k_t183 += k_st182) { /* kiln loop #73 */
                                        v_k28_i = k_t183;
                                        {
                                            const int64_t k_lo186 = INT64_C(0), k_hi187 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st188 = INT64_C(1);
                                            #pragma omp simd private(v_k29_i)
                                            for (int64_t k_t189 = k_lo186; k_t189 < k_hi187; k_t189 += k_st188) { /* kiln loop #72 */
                                                v_k29_i = k_t189;
                                                a_p_a_d[(((INT64_C(1)) + (v_k28_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k29_i))] = a_k25_arr_d[(v_k28_i)*(a_k25_arr_s1) + v_k29_i];
                                            }
                                        }
                                    }
                                }
                            } else {
                                for (int64_t k_t183 = k_lo180; k_t183 < k_hi181; k_t183 += k_st182) { /* kiln loop #73 */
                                    v_k28_i = k_t183;
                                    {
                                        const int64_t k_lo197 = INT64_C(0), k_hi198 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st199 = INT64_C(1);
                                        #pragma omp simd private(v_k29_i)
                                        for (int64_t k_t200 = k_lo197; k_t200 < k_hi198; k_t200 += k_st199) { /* kiln loop #72 */
                                            v_k29_i = k_t200;
                                            a_p_a_d[(((INT64_C(1)) + (v_k28_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k29_i))] = a_k25_arr_d[(v_k28_i)*(a_k25_arr_s1) + v_k29_i];
                                        }
                                    }
                                }
                            }
                        }
                    } else {
                        {
                            const int64_t k_lo201 = INT64_C(0), k_hi202 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st203 = INT64_C(1);
                            if (kiln_team_of_many() && (kiln_worth_team((k_hi202 - k_lo201) * kiln_trips(INT64_C(0), (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 12, &kiln_team))) {
                                if ((k_hi202 - k_lo201) < 4 * omp_get_max_threads() && (k_hi202 - k_lo201) % omp_get_max_threads() != 0 && ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                    const int64_t k_lo211 = INT64_C(0), k_hi212 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                    #pragma omp parallel for collapse(2) schedule(static) private(v_k30_i, v_k31_i)
                                    for (int64_t k_t204 = k_lo201; k_t204 < k_hi202; k_t204 += k_st203) for (int64_t k_t213 = k_lo211; k_t213 < k_hi212; k_t213 += INT64_C(1)) { /* kiln loop #76 */
                                        v_k30_i = k_t204; v_k31_i = k_t213;
                                        a_p_a_d[(((INT64_C(1)) + (v_k30_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k31_i))] = a_k25_arr_d[((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k30_i)))*(a_k25_arr_s1) + (((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k31_i))];
                                    }
                                } else {
                                    #pragma omp parallel for schedule(static) private(v_k30_i, v_k31_i)
                                    for (int64_t k_t204 = k_lo201; k_t204 < k_hi202; k_t204 += k_st203) { /* kiln loop #76 */
                                        v_k30_i = k_t204;
                                        {
                                            const int64_t k_lo207 = INT64_C(0), k_hi208 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st209 = INT64_C(1);
                                            for (int64_t k_t210 = k_lo207; k_t210 < k_hi208; k_t210 += k_st209) { /* kiln loop #75 */
                                                v_k31_i = k_t210;
                                                a_p_a_d[(((INT64_C(1)) + (v_k30_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k31_i))] = a_k25_arr_d[((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k30_i)))*(a_k25_arr_s1) + (((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k31_i))];
                                            }
                                        }
                                    }
                                }
                            } else {
                                for (int64_t k_t204 = k_lo201; k_t204 < k_hi202; k_t204 += k_st203) { /* kiln loop #76 */
                                    v_k30_i = k_t204;
                                    {
                                        const int64_t k_lo218 = INT64_C(0), k_hi219 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st220 = INT64_C(1);
                                        for (int64_t k_t221 = k_lo218; k_t221 < k_hi219; k_t221 += k_st220) { /* kiln loop #75 */
                                            v_k31_i = k_t221;
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
                        const int64_t k_lo222 = INT64_C(0), k_hi223 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st224 = INT64_C(1);
                        if (kiln_team_of_many() && (kiln_worth_team((k_hi223 - k_lo222) * (1 + kiln_work_max(kiln_trips(INT64_C(0), (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 21, kiln_trips(INT64_C(0), (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 21)), &kiln_team))) {
                            #pragma omp parallel for schedule(static) private(v_k32_i, v_k33_i)
                            for (int64_t k_t225 = k_lo222; k_t225 < k_hi223; k_t225 += k_st224) { /* kiln loop #50 */
                                v_k32_i = k_t225;
                                if ((!kiln_spans_overlap(kiln_span_of(a_p_a_d, 2, (npy_intp[]){a_p_a_s0, a_p_a_s1}, (npy_intp[]){a_p_a_s1, 1}, sizeof(double)), kiln_span_of(a_p_b_d, 2, (npy_intp[]){a_p_b_s0, a_p_b_s1}, (npy_intp[]){a_p_b_s1, 1}, sizeof(double))))) {
                                    {
                                        const int64_t k_lo228 = INT64_C(0), k_hi229 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st230 = INT64_C(1);
                                        #pragma omp simd private(v_k33_i)
                                        for (int64_t k_t231 = k_lo228; k_t231 < k_hi229; k_t231 += k_st230) { /* kiln loop #49 */
                                            v_k33_i = k_t231;
                                            a_p_a_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k33_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + v_k33_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k33_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))) + (a_p_b_d[(v_k32_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))));
                                        }
                                    }
                                } else {
                                    {
                                        const int64_t k_lo232 = INT64_C(0), k_hi233 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st234 = INT64_C(1);
                                        for (int64_t k_t235 = k_lo232; k_t235 < k_hi233; k_t235 += k_st234) { /* kiln loop #83 */
                                            v_k33_i = k_t235;
                                            a_p_a_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k33_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + v_k33_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k33_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))) + (a_p_b_d[(v_k32_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))));
                                        }
                                    }
                                }
                            }
                        } else {
                            for (int64_t k_t225 = k_lo222; k_t225 < k_hi223; k_t225 += k_st224) { /* kiln loop #50 */
                                v_k32_i = k_t225;
                                if ((!kiln_spans_overlap(kiln_span_of(a_p_a_d, 2, (npy_intp[]){a_p_a_s0, a_p_a_s1}, (npy_intp[]){a_p_a_s1, 1}, sizeof(double)), kiln_span_of(a_p_b_d, 2, (npy_intp[]){a_p_b_s0, a_p_b_s1}, (npy_intp[]){a_p_b_s1, 1}, sizeof(double))))) {
                                    {
                                        const int64_t k_lo237 = INT64_C(0), k_hi238 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st239 = INT64_C(1);
                                        #pragma omp simd private(v_k33_i)
                                        for (int64_t k_t240 = k_lo237; k_t240 < k_hi238; k_t240 += k_st239) { /* kiln loop #49 */
                                            v_k33_i = k_t240;
                                            a_p_a_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k33_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + v_k33_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k33_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))) + (a_p_b_d[(v_k32_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))));
                                        }
                                    }
                                } else {
                                    {
                                        const int64_t k_lo241 = INT64_C(0), k_hi242 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st243 = INT64_C(1);
                                        for (int64_t k_t244 = k_lo241; k_t244 < k_hi242; k_t244 += k_st243) { /* kiln loop #83 */
                                            v_k33_i = k_t244;
                                            a_p_a_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k33_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + v_k33_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k33_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))) + (a_p_b_d[(v_k32_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))));
                                        }
                                    }
                                }
                            }
                        }
                    }
                } else {
                    {
                        const int64_t k_lo245 = INT64_C(0), k_hi246 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st247 = INT64_C(1);
                        if (kiln_team_of_many() && (kiln_worth_team((k_hi246 - k_lo245) * kiln_trips(INT64_C(0), (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), INT64_C(1)) * 61, &kiln_team))) {
                            if ((k_hi246 - k_lo245) < 4 * omp_get_max_threads() && (k_hi246 - k_lo245) % omp_get_max_threads() != 0 && ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) > (INT64_C(0))) {
                                const int64_t k_lo255 = INT64_C(0), k_hi256 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)));
                                #pragma omp parallel for collapse(2) schedule(static) private(v_k34_i, v_k35_i)
                                for (int64_t k_t248 = k_lo245; k_t248 < k_hi246; k_t248 += k_st247) for (int64_t k_t257 = k_lo255; k_t257 < k_hi256; k_t257 += INT64_C(1)) { /* kiln loop #53 */
                                    v_k34_i = k_t248; v_k35_i = k_t257;
                                    a_p_a_d[(((INT64_C(1)) + (v_k34_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k35_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]) + (a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + (((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))]))) + (a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(2)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))) + (a_p_b_d[(((INT64_C(2)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))) + (a_p_b_d[((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))));
                                }
                            } else {
                                #pragma omp parallel for schedule(static) private(v_k34_i, v_k35_i)
                                for (int64_t k_t248 = k_lo245; k_t248 < k_hi246; k_t248 += k_st247) { /* kiln loop #53 */
                                    v_k34_i = k_t248;
                                    {
                                        const int64_t k_lo251 = INT64_C(0), k_hi252 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st253 = INT64_C(1);
                                        for (int64_t k_t254 = k_lo251; k_t254 < k_hi252; k_t254 += k_st253) { /* kiln loop #52 */
                                            v_k35_i = k_t254;
                                            a_p_a_d[(((INT64_C(1)) + (v_k34_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k35_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]) + (a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + (((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))]))) + (a_p_b_d[(((INT64_C(1)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(2)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))) + (a_p_b_d[(((INT64_C(2)) + ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))) + (a_p_b_d[((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k34_i)))*(a_p_b_s1) + ((INT64_C(1)) + ((((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k35_i))))]))));
                                        }
                                    }
                                }
                            }
                        } else {
                            for (int64_t k_t248 = k_lo245; k_t248 < k_hi246; k_t248 += k_st247) { /* kiln loop #53 */
                                v_k34_i = k_t248;
                                {
                                    const int64_t k_lo262 = INT64_C(0), k_hi263 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st264 = INT64_C(1);
                                    for (int64_t k_t265 = k_lo262; k_t265 < k_hi263; k_t265 += k_st264) { /* kiln loop #52 */
                                        v_k35_i = k_t265;
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
                                const int64_t k_lo266 = INT64_C(0), k_hi267 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st268 = INT64_C(1);
                                    #pragma omp for schedule(static) private(v_k9_i, v_k10_i, v_c11_k8_arr) nowait
                                    for (int64_t k_t269 = k_lo266; k_t269 < k_hi267; k_t269 += k_st268) { /* kiln loop #13 */
                                        v_k9_i = k_t269;
                                        {
                                            const int64_t k_lo272 = INT64_C(0), k_hi273 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st274 = INT64_C(1);
                                            #pragma omp simd private(v_k10_i, v_c11_k8_arr)
                                            for (int64_t k_t275 = k_lo272; k_t275 < k_hi273; k_t275 += k_st274) { /* kiln loop #12 */
                                                v_k10_i = k_t275;
                                                v_c11_k8_arr = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                                a_p_b_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k10_i))] = v_c11_k8_arr;
                                            }
                                        }
                                    }
                            }
                        } else {
                            {
                                const int64_t k_lo276 = INT64_C(0), k_hi277 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st278 = INT64_C(1);
                                    #pragma omp for schedule(static) private(v_k9_i, v_k10_i) nowait
                                    for (int64_t k_t279 = k_lo276; k_t279 < k_hi277; k_t279 += k_st278) { /* kiln loop #59 */
                                        v_k9_i = k_t279;
                                        {
                                            const int64_t k_lo282 = INT64_C(0), k_hi283 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st284 = INT64_C(1);
                                            #pragma omp simd private(v_k10_i)
                                            for (int64_t k_t285 = k_lo282; k_t285 < k_hi283; k_t285 += k_st284) { /* kiln loop #58 */
                                                v_k10_i = k_t285;
                                                a_k8_arr_d[(v_k9_i)*(a_k8_arr_s1) + v_k10_i] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + v_k10_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k10_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k9_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))) + (a_p_a_d[(v_k9_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k10_i))]))));
                                            }
                                        }
                                    }
                            }
                            if ((((((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))))) && ((((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))))))) {
                                {
                                    const int64_t k_lo286 = INT64_C(0), k_hi287 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st288 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar6);
                                        #pragma omp for schedule(static) private(v_k11_i, v_k12_i) nowait
                                        for (int64_t k_t289 = k_lo286; k_t289 < k_hi287; k_t289 += k_st288) { /* kiln loop #62 */
                                            v_k11_i = k_t289;
                                            {
                                                const int64_t k_lo292 = INT64_C(0), k_hi293 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st294 = INT64_C(1);
                                                #pragma omp simd private(v_k12_i)
                                                for (int64_t k_t295 = k_lo292; k_t295 < k_hi293; k_t295 += k_st294) { /* kiln loop #61 */
                                                    v_k12_i = k_t295;
                                                    a_p_b_d[(((INT64_C(1)) + (v_k11_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k12_i))] = a_k8_arr_d[(v_k11_i)*(a_k8_arr_s1) + v_k12_i];
                                                }
                                            }
                                        }
                                }
                            } else {
                                {
                                    const int64_t k_lo296 = INT64_C(0), k_hi297 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st298 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar6);
                                        #pragma omp for schedule(static) private(v_k13_i, v_k14_i) nowait
                                        for (int64_t k_t299 = k_lo296; k_t299 < k_hi297; k_t299 += k_st298) { /* kiln loop #65 */
                                            v_k13_i = k_t299;
                                            {
                                                const int64_t k_lo302 = INT64_C(0), k_hi303 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st304 = INT64_C(1);
                                                for (int64_t k_t305 = k_lo302; k_t305 < k_hi303; k_t305 += k_st304) { /* kiln loop #64 */
                                                    v_k14_i = k_t305;
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
                                const int64_t k_lo306 = INT64_C(0), k_hi307 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st308 = INT64_C(1);
                                    #pragma omp for schedule(static) private(v_k15_i, v_k16_i) nowait
                                    for (int64_t k_t309 = k_lo306; k_t309 < k_hi307; k_t309 += k_st308) { /* kiln loop #23 */
                                        v_k15_i = k_t309;
                                        if ((!kiln_spans_overlap(kiln_span_of(a_p_a_d, 2, (npy_intp[]){a_p_a_s0, a_p_a_s1}, (npy_intp[]){a_p_a_s1, 1}, sizeof(double)), kiln_span_of(a_p_b_d, 2, (npy_intp[]){a_p_b_s0, a_p_b_s1}, (npy_intp[]){a_p_b_s1, 1}, sizeof(double))))) {
                                            {
                                                const int64_t k_lo312 = INT64_C(0), k_hi313 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st314 = INT64_C(1);
                                                #pragma omp simd private(v_k16_i)
                                                for (int64_t k_t315 = k_lo312; k_t315 < k_hi313; k_t315 += k_st314) { /* kiln loop #22 */
                                                    v_k16_i = k_t315;
                                                    a_p_b_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k16_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + v_k16_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k16_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))) + (a_p_a_d[(v_k15_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))));
                                                }
                                            }
                                        } else {
                                            {
                                                const int64_t k_lo316 = INT64_C(0), k_hi317 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st318 = INT64_C(1);
                                                for (int64_t k_t319 = k_lo316; k_t319 < k_hi317; k_t319 += k_st318) { /* kiln loop #80 */
                                                    v_k16_i = k_t319;
                                                    a_p_b_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k16_i))] = ((0.2) * (((((((((a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + v_k16_i]))) + (a_p_a_d[(((INT64_C(1)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(2)) + (v_k16_i))]))) + (a_p_a_d[(((INT64_C(2)) + (v_k15_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))) + (a_p_a_d[(v_k15_i)*(a_p_a_s1) + ((INT64_C(1)) + (v_k16_i))]))));
                                                }
                                            }
                                        }
                                    }
                            }
                        } else {
                            {
                                const int64_t k_lo320 = INT64_C(0), k_hi321 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st322 = INT64_C(1);
                                    #pragma omp for schedule(static) private(v_k17_i, v_k18_i) nowait
                                    for (int64_t k_t323 = k_lo320; k_t323 < k_hi321; k_t323 += k_st322) { /* kiln loop #26 */
                                        v_k17_i = k_t323;
                                        {
                                            const int64_t k_lo326 = INT64_C(0), k_hi327 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st328 = INT64_C(1);
                                            for (int64_t k_t329 = k_lo326; k_t329 < k_hi327; k_t329 += k_st328) { /* kiln loop #25 */
                                                v_k18_i = k_t329;
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
                                const int64_t k_lo330 = INT64_C(0), k_hi331 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st332 = INT64_C(1);
                                kiln_barrier_wait(&k_bar6);
                                    #pragma omp for schedule(static) private(v_k26_i, v_k27_i, v_c38_k25_arr) nowait
                                    for (int64_t k_t333 = k_lo330; k_t333 < k_hi331; k_t333 += k_st332) { /* kiln loop #40 */
                                        v_k26_i = k_t333;
                                        {
                                            const int64_t k_lo336 = INT64_C(0), k_hi337 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st338 = INT64_C(1);
                                            #pragma omp simd private(v_k27_i, v_c38_k25_arr)
                                            for (int64_t k_t339 = k_lo336; k_t339 < k_hi337; k_t339 += k_st338) { /* kiln loop #39 */
                                                v_k27_i = k_t339;
                                                v_c38_k25_arr = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                                a_p_a_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k27_i))] = v_c38_k25_arr;
                                            }
                                        }
                                    }
                            }
                        } else {
                            {
                                const int64_t k_lo340 = INT64_C(0), k_hi341 = (((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st342 = INT64_C(1);
                                kiln_barrier_wait(&k_bar6);
                                    #pragma omp for schedule(static) private(v_k26_i, v_k27_i) nowait
                                    for (int64_t k_t343 = k_lo340; k_t343 < k_hi341; k_t343 += k_st342) { /* kiln loop #70 */
                                        v_k26_i = k_t343;
                                        {
                                            const int64_t k_lo346 = INT64_C(0), k_hi347 = (((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st348 = INT64_C(1);
                                            #pragma omp simd private(v_k27_i)
                                            for (int64_t k_t349 = k_lo346; k_t349 < k_hi347; k_t349 += k_st348) { /* kiln loop #69 */
                                                v_k27_i = k_t349;
                                                a_k25_arr_d[(v_k26_i)*(a_k25_arr_s1) + v_k27_i] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + v_k27_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k27_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k26_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))) + (a_p_b_d[(v_k26_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k27_i))]))));
                                            }
                                        }
                                    }
                            }
                            if ((((((((((a_p_b_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s0) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0)))))) && ((((((((a_p_b_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_b_s1) - (INT64_C(2)))) : (INT64_C(0)))) == ((((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0)))))))) {
                                {
                                    const int64_t k_lo350 = INT64_C(0), k_hi351 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st352 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar6);
                                        #pragma omp for schedule(static) private(v_k28_i, v_k29_i) nowait
                                        for (int64_t k_t353 = k_lo350; k_t353 < k_hi351; k_t353 += k_st352) { /* kiln loop #73 */
                                            v_k28_i = k_t353;
                                            {
                                                const int64_t k_lo356 = INT64_C(0), k_hi357 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st358 = INT64_C(1);
                                                #pragma omp simd private(v_k29_i)
                                                for (int64_t k_t359 = k_lo356; k_t359 < k_hi357; k_t359 += k_st358) { /* kiln loop #72 */
                                                    v_k29_i = k_t359;
                                                    a_p_a_d[(((INT64_C(1)) + (v_k28_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k29_i))] = a_k25_arr_d[(v_k28_i)*(a_k25_arr_s1) + v_k29_i];
                                                }
                                            }
                                        }
                                }
                            } else {
                                {
                                    const int64_t k_lo360 = INT64_C(0), k_hi361 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st362 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar6);
                                        #pragma omp for schedule(static) private(v_k30_i, v_k31_i) nowait
                                        for (int64_t k_t363 = k_lo360; k_t363 < k_hi361; k_t363 += k_st362) { /* kiln loop #76 */
                                            v_k30_i = k_t363;
                                            {
                                                const int64_t k_lo366 = INT64_C(0), k_hi367 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st368 = INT64_C(1);
                                                for (int64_t k_t369 = k_lo366; k_t369 < k_hi367; k_t369 += k_st368) { /* kiln loop #75 */
                                                    v_k31_i = k_t369;
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
                                const int64_t k_lo370 = INT64_C(0), k_hi371 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st372 = INT64_C(1);
                                kiln_barrier_wait(&k_bar6);
                                    #pragma omp for schedule(static) private(v_k32_i, v_k33_i) nowait
                                    for (int64_t k_t373 = k_lo370; k_t373 < k_hi371; k_t373 += k_st372) { /* kiln loop #50 */
                                        v_k32_i = k_t373;
                                        if ((!kiln_spans_overlap(kiln_span_of(a_p_a_d, 2, (npy_intp[]){a_p_a_s0, a_p_a_s1}, (npy_intp[]){a_p_a_s1, 1}, sizeof(double)), kiln_span_of(a_p_b_d, 2, (npy_intp[]){a_p_b_s0, a_p_b_s1}, (npy_intp[]){a_p_b_s1, 1}, sizeof(double))))) {
                                            {
                                                const int64_t k_lo376 = INT64_C(0), k_hi377 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st378 = INT64_C(1);
                                                #pragma omp simd private(v_k33_i)
                                                for (int64_t k_t379 = k_lo376; k_t379 < k_hi377; k_t379 += k_st378) { /* kiln loop #49 */
                                                    v_k33_i = k_t379;
                                                    a_p_a_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k33_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + v_k33_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k33_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))) + (a_p_b_d[(v_k32_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))));
                                                }
                                            }
                                        } else {
                                            {
                                                const int64_t k_lo380 = INT64_C(0), k_hi381 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st382 = INT64_C(1);
                                                for (int64_t k_t383 = k_lo380; k_t383 < k_hi381; k_t383 += k_st382) { /* kiln loop #83 */
                                                    v_k33_i = k_t383;
                                                    a_p_a_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_a_s1) + ((INT64_C(1)) + (v_k33_i))] = ((0.2) * (((((((((a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + v_k33_i]))) + (a_p_b_d[(((INT64_C(1)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(2)) + (v_k33_i))]))) + (a_p_b_d[(((INT64_C(2)) + (v_k32_i)))*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))) + (a_p_b_d[(v_k32_i)*(a_p_b_s1) + ((INT64_C(1)) + (v_k33_i))]))));
                                                }
                                            }
                                        }
                                    }
                            }
                        } else {
                            {
                                const int64_t k_lo384 = INT64_C(0), k_hi385 = (((((a_p_a_s0) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s0) - (INT64_C(2)))) : (INT64_C(0))), k_st386 = INT64_C(1);
                                kiln_barrier_wait(&k_bar6);
                                    #pragma omp for schedule(static) private(v_k34_i, v_k35_i) nowait
                                    for (int64_t k_t387 = k_lo384; k_t387 < k_hi385; k_t387 += k_st386) { /* kiln loop #53 */
                                        v_k34_i = k_t387;
                                        {
                                            const int64_t k_lo390 = INT64_C(0), k_hi391 = (((((a_p_a_s1) - (INT64_C(2)))) > (INT64_C(0))) ? (((a_p_a_s1) - (INT64_C(2)))) : (INT64_C(0))), k_st392 = INT64_C(1);
                                            for (int64_t k_t393 = k_lo390; k_t393 < k_hi391; k_t393 += k_st392) { /* kiln loop #52 */
                                                v_k35_i = k_t393;
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

