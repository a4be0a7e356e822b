


/* kiln: masked_relax */
static PyObject* kiln_entry(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
    double* a_p_x_d = NULL;
    PyObject* a_p_x_o = NULL;
    npy_intp a_p_x_s0 = 0, a_p_x_t0 = 0;
    double v_p_tol = 0;
    double v_u_err = 0;
    double v_u_ret__0 = 0;
    int64_t v_k1_nblk = 0;
    int64_t* a_k2_offs_d = NULL;
    PyObject* a_k2_offs_o = NULL;
    npy_intp a_k2_offs_s0 = 0, a_k2_offs_t0 = 0;
    int64_t v_k3_b = 0;
    int64_t v_k4_i = 0;
    uint8_t v_k5_hits = 0;
    int64_t v_k6_bstart = 0;
    int64_t v_k7_bend = 0;
    int64_t v_k8_count = 0;
    double* a_k9_masked_d = NULL;
    PyObject* a_k9_masked_o = NULL;
    npy_intp a_k9_masked_s0 = 0, a_k9_masked_t0 = 0;
    int64_t v_k10_b = 0;
    int64_t v_k11_i = 0;
    int64_t v_k12_pos = 0;
    int64_t v_k13_bstart = 0;
    int64_t v_k14_bend = 0;
    int64_t v_k15_bhits = 0;
    int64_t v_k16_i = 0;
    int64_t v_k17_count = 0;
    int64_t v_k18_blk = 0;
    int64_t v_k19_i = 0;
    uint8_t v_k20_hits = 0;
    int64_t v_k21_bend = 0;
    int64_t v_k22_pos = 0;
    int64_t v_k23_i = 0;
    int64_t v_k24_blk = 0;
    int64_t v_k25_i = 0;
    uint8_t v_k26_hits = 0;
    int64_t v_k27_bend = 0;
    double v_k28_max = 0;
    int64_t v_k29_i = 0;
    PyObject* kiln_result = NULL;
    int kiln_stop = 0; /* a signal handler raised: every thread leaves (kiln_poll_signals) */
    int64_t kiln_team = 0; /* work of parallel loops so far (kiln_worth_team) */
    if (nargs != 2) {
      PyErr_SetString(PyExc_TypeError, "expected 2 arguments"); return NULL; }
    a_p_x_o = args[0]; Py_INCREF(args[0]);
    a_p_x_d = (double*)PyArray_DATA((PyArrayObject*)args[0]);
    a_p_x_s0 = PyArray_DIM((PyArrayObject*)args[0], 0);
    a_p_x_t0 = PyArray_STRIDE((PyArrayObject*)args[0], 0) / (npy_intp)sizeof(double);
    if (!PyArray_ISWRITEABLE((PyArrayObject*)args[0])) {
        PyErr_SetString(PyExc_ValueError, "assignment destination is read-only (argument 'x')");
        goto kiln_fail;
    }
    v_p_tol = PyFloat_AsDouble(args[1]); if (v_p_tol == -1.0 && PyErr_Occurred()) goto kiln_fail;
    v_u_err = 1.0;
    while (((v_u_err) > (v_p_tol))) {
        if (kiln_poll_signals(&kiln_stop)) {
            goto kiln_fail;
        }
        v_k1_nblk = kiln_floordiv_i64(((a_p_x_s0) + (INT64_C(127))), INT64_C(128));
        {
            npy_intp d_[1] = {((v_k1_nblk) + (INT64_C(1)))};
            PyObject* k_o1 = kiln_scratch_array(1, d_, NPY_INT64);
            if (!k_o1) goto kiln_fail;
            Py_XDECREF(a_k2_offs_o); a_k2_offs_o = k_o1;
            a_k2_offs_d = (int64_t*)PyArray_DATA((PyArrayObject*)k_o1);
            a_k2_offs_s0 = d_[0];
            a_k2_offs_t0 = 1;
        }
        {
            const int64_t k_lo2 = INT64_C(0), k_hi3 = v_k1_nblk, k_st4 = INT64_C(1);
            if (kiln_team_of_many() && (kiln_worth_team((k_hi3 - k_lo2) * (5 + kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3), &kiln_team))) {
                    omp_set_schedule(omp_sched_static, (((5 + kiln_trips(((INT64_C(0)) * (INT64_C(128))), (((((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3)) * 3 < ((5 + kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3)) * 2 || ((5 + kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3)) * 3 < ((5 + kiln_trips(((INT64_C(0)) * (INT64_C(128))), (((((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3)) * 2) ? 1 : 0);
                int k_perr6 = 0;
                long long k_perr6_a[1] = {0};
                #pragma omp parallel for schedule(runtime) private(v_k3_b, v_k6_bstart, v_k7_bend, v_k5_hits, v_k4_i)
                for (int64_t k_t5 = k_lo2; k_t5 < k_hi3; k_t5 += k_st4) { /* kiln loop #10 */
                    v_k3_b = k_t5;
                    if (kiln_poll_signals(&kiln_stop)) {
                        #pragma omp critical(kiln_check)
                        { if (!k_perr6) k_perr6 = -1; }
                        goto k_pnext7;
                    }
                    v_k6_bstart = ((v_k3_b) * (INT64_C(128)));
                    v_k7_bend = (((((v_k6_bstart) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k6_bstart) + (INT64_C(128)))) : (a_p_x_s0));
                    v_k5_hits = ((uint8_t)INT64_C(0));
                    {
                        const int64_t k_lo8 = v_k6_bstart, k_hi9 = v_k7_bend, k_st10 = INT64_C(1);
                        for (int64_t k_t11 = k_lo8; k_t11 < k_hi9; k_t11 += k_st10) { /* kiln loop #8 */
                            v_k4_i = k_t11;
                            v_k5_hits = ((uint8_t)((v_k5_hits) + (((uint8_t)(((a_p_x_d[v_k4_i]) > (0.5)))))));
                        }
                    }
                    a_k2_offs_d[((v_k3_b) + (INT64_C(1)))] = ((int64_t)(v_k5_hits));
                    k_pnext7: ;
                }
                if (k_perr6 == -1) goto kiln_fail;
            } else {
                for (int64_t k_t5 = k_lo2; k_t5 < k_hi3; k_t5 += k_st4) { /* kiln loop #10 */
                    v_k3_b = k_t5;
                    if (kiln_poll_signals(&kiln_stop)) {
                        goto kiln_fail;
                    }
                    v_k6_bstart = ((v_k3_b) * (INT64_C(128)));
                    v_k7_bend = (((((v_k6_bstart) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k6_bstart) + (INT64_C(128)))) : (a_p_x_s0));
                    v_k5_hits = ((uint8_t)INT64_C(0));
                    {
                        const int64_t k_lo13 = v_k6_bstart, k_hi14 = v_k7_bend, k_st15 = INT64_C(1);
                        for (int64_t k_t16 = k_lo13; k_t16 < k_hi14; k_t16 += k_st15) { /* kiln loop #8 */
                            v_k4_i = k_t16;
                            v_k5_hits = ((uint8_t)((v_k5_hits) + (((uint8_t)(((a_p_x_d[v_k4_i]) > (0.5)))))));
                        }
                    }
                    a_k2_offs_d[((v_k3_b) + (INT64_C(1)))] = ((int64_t)(v_k5_hits));
                }
            }
        }
        a_k2_offs_d[INT64_C(0)] = INT64_C(0);
        {
            const int64_t k_lo17 = INT64_C(0), k_hi18 = v_k1_nblk, k_st19 = INT64_C(1);
            for (int64_t k_t20 = k_lo17; k_t20 < k_hi18; k_t20 += k_st19) { /* kiln loop #13 */
                v_k3_b = k_t20;
                a_k2_offs_d[((v_k3_b) + (INT64_C(1)))] = ((a_k2_offs_d[((v_k3_b) + (INT64_C(1)))]) + (a_k2_offs_d[v_k3_b]));
            }
        }
        v_k8_count = a_k2_offs_d[v_k1_nblk];
        {
            npy_intp d_[1] = {v_k8_count};
            PyObject* k_o21 = kiln_scratch_array(1, d_, NPY_FLOAT64);
            if (!k_o21) goto kiln_fail;
            Py_XDECREF(a_k9_masked_o); a_k9_masked_o = k_o21;
            a_k9_masked_d = (double*)PyArray_DATA((PyArrayObject*)k_o21);
            a_k9_masked_s0 = d_[0];
            a_k9_masked_t0 = 1;
        }
        {
            const int64_t k_lo22 = INT64_C(0), k_hi23 = v_k1_nblk, k_st24 = INT64_C(1);
            if (kiln_team_of_many() && (kiln_worth_team((k_hi23 - k_lo22) * (9 + kiln_work_max(kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 4, (1 + kiln_work_max((3 + kiln_work_max(kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5, kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5)), 1)))), &kiln_team))) {
                    omp_set_schedule(omp_sched_static, (((9 + kiln_work_max(kiln_trips(((INT64_C(0)) * (INT64_C(128))), (((((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 4, (1 + kiln_work_max((3 + kiln_work_max(kiln_trips(((INT64_C(0)) * (INT64_C(128))), (((((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5, kiln_trips(((INT64_C(0)) * (INT64_C(128))), (((((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5)), 1))))) * 3 < ((9 + kiln_work_max(kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 4, (1 + kiln_work_max((3 + kiln_work_max(kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5, kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5)), 1))))) * 2 || ((9 + kiln_work_max(kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 4, (1 + kiln_work_max((3 + kiln_work_max(kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5, kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5)), 1))))) * 3 < ((9 + kiln_work_max(kiln_trips(((INT64_C(0)) * (INT64_C(128))), (((((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 4, (1 + kiln_work_max((3 + kiln_work_max(kiln_trips(((INT64_C(0)) * (INT64_C(128))), (((((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5, kiln_trips(((INT64_C(0)) * (INT64_C(128))), (((((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5)), 1))))) * 2) ? 1 : 0);
                int k_perr26 = 0;
                long long k_perr26_a[1] = {0};
                #pragma omp parallel for schedule(runtime) private(v_k10_b, v_k13_bstart, v_k14_bend, v_k12_pos, v_k15_bhits, v_k11_i)
                for (int64_t k_t25 = k_lo22; k_t25 < k_hi23; k_t25 += k_st24) { /* kiln loop #32 */
                    v_k10_b = k_t25;
                    if (kiln_poll_signals(&kiln_stop)) {
                        #pragma omp critical(kiln_check)
                        { if (!k_perr26) k_perr26 = -1; }
                        goto k_pnext27;
                    }
                    v_k13_bstart = ((v_k10_b) * (INT64_C(128)));
                    v_k14_bend = (((((v_k13_bstart) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k13_bstart) + (INT64_C(128)))) : (a_p_x_s0));
                    v_k12_pos = a_k2_offs_d[v_k10_b];
                    v_k15_bhits = ((a_k2_offs_d[((v_k10_b) + (INT64_C(1)))]) - (v_k12_pos));
                    if (((v_k15_bhits) == (((v_k14_bend) - (v_k13_bstart))))) {
                        {
                            const int64_t k_lo28 = v_k13_bstart, k_hi29 = v_k14_bend, k_st30 = INT64_C(1);
                            #pragma omp simd private(v_k11_i)
                            for (int64_t k_t31 = k_lo28; k_t31 < k_hi29; k_t31 += k_st30) { /* kiln loop #28 */
                                v_k11_i = k_t31;
                                a_k9_masked_d[((v_k12_pos) + (((v_k11_i) - (v_k13_bstart))))] = a_p_x_d[v_k11_i];
                            }
                        }
                    } else {
                        if (((v_k15_bhits) != (INT64_C(0)))) {
                            if (((a_p_x_d[((v_k14_bend) - (INT64_C(1)))]) > (0.5))) {
                                {
                                    const int64_t k_lo32 = v_k13_bstart, k_hi33 = v_k14_bend, k_st34 = INT64_C(1);
                                    for (int64_t k_t35 = k_lo32; k_t35 < k_hi33; k_t35 += k_st34) { /* kiln loop #26 */
                                        v_k11_i = k_t35;
                                        a_k9_masked_d[v_k12_pos] = a_p_x_d[v_k11_i];
                                        v_k12_pos = ((v_k12_pos) + (((int64_t)(((a_p_x_d[v_k11_i]) > (0.5))))));
                                    }
                                }
                            } else {
                                {
                                    const int64_t k_lo36 = v_k13_bstart, k_hi37 = v_k14_bend, k_st38 = INT64_C(1);
                                    for (int64_t k_t39 = k_lo36; k_t39 < k_hi37; k_t39 += k_st38) { /* kiln loop #23 */
                                        v_k11_i = k_t39;
                                        if (((a_p_x_d[v_k11_i]) > (0.5))) {
                                            a_k9_masked_d[v_k12_pos] = a_p_x_d[v_k11_i];
                                            v_k12_pos = ((v_k12_pos) + (INT64_C(1)));
                                        }
                                    }
                                }
                            }
                        }
                    }
                    k_pnext27: ;
                }
                if (k_perr26 == -1) goto kiln_fail;
            } else {
                for (int64_t k_t25 = k_lo22; k_t25 < k_hi23; k_t25 += k_st24) { /* kiln loop #32 */
                    v_k10_b = k_t25;
                    if (kiln_poll_signals(&kiln_stop)) {
                        goto kiln_fail;
                    }
                    v_k13_bstart = ((v_k10_b) * (INT64_C(128)));
                    v_k14_bend = (((((v_k13_bstart) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k13_bstart) + (INT64_C(128)))) : (a_p_x_s0));
                    v_k12_pos = a_k2_offs_d[v_k10_b];
                    v_k15_bhits = ((a_k2_offs_d[((v_k10_b) + (INT64_C(1)))]) - (v_k12_pos));
                    if (((v_k15_bhits) == (((v_k14_bend) - (v_k13_bstart))))) {
                        {
                            const int64_t k_lo41 = v_k13_bstart, k_hi42 = v_k14_bend, k_st43 = INT64_C(1);
                            #pragma omp simd private(v_k11_i)
                            for (int64_t k_t44 = k_lo41; k_t44 < k_hi42; k_t44 += k_st43) { /* kiln loop #28 */
                                v_k11_i = k_t44;
                                a_k9_masked_d[((v_k12_pos) + (((v_k11_i) - (v_k13_bstart))))] = a_p_x_d[v_k11_i];
                            }
                        }
                    } else {
                        if (((v_k15_bhits) != (INT64_C(0)))) {
                            if (((a_p_x_d[((v_k14_bend) - (INT64_C(1)))]) > (0.5))) {
                                {
                                    const int64_t k_lo45 = v_k13_bstart, k_hi46 = v_k14_bend, k_st47 = INT64_C(1);
                                    for (int64_t k_t48 = k_lo45; k_t48 < k_hi46; k_t48 += k_st47) { /* kiln loop #26 */
                                        v_k11_i = k_t48;
                                        a_k9_masked_d[v_k12_pos] = a_p_x_d[v_k11_i];
                                        v_k12_pos = ((v_k12_pos) + (((int64_t)(((a_p_x_d[v_k11_i]) > (0.5))))));
                                    }
                                }
                            } else {
                                {
                                    const int64_t k_lo49 = v_k13_bstart, k_hi50 = v_k14_bend, k_st51 = INT64_C(1);
                                    for (int64_t k_t52 = k_lo49; k_t52 < k_hi50; k_t52 += k_st51) { /* kiln loop #23 */
                                        v_k11_i = k_t52;
                                        if (((a_p_x_d[v_k11_i]) > (0.5))) {
                                            a_k9_masked_d[v_k12_pos] = a_p_x_d[v_k11_i];
                                            v_k12_pos = ((v_k12_pos) + (INT64_C(1)));
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        {
            const int64_t k_lo53 = INT64_C(0), k_hi54 = v_k8_count, k_st55 = INT64_C(1);
            if (kiln_team_of_many() && (kiln_worth_team((k_hi54 - k_lo53) * 3, &kiln_team))) {
                #pragma omp parallel for schedule(static) private(v_k16_i)
                for (int64_t k_t56 = k_lo53; k_t56 < k_hi54; k_t56 += k_st55) { /* kiln loop #34 */
                    v_k16_i = k_t56;
                    a_k9_masked_d[v_k16_i] = ((a_k9_masked_d[v_k16_i]) * (0.5));
                }
            } else {
                for (int64_t k_t56 = k_lo53; k_t56 < k_hi54; k_t56 += k_st55) { /* kiln loop #34 */
                    v_k16_i = k_t56;
                    a_k9_masked_d[v_k16_i] = ((a_k9_masked_d[v_k16_i]) * (0.5));
                }
            }
        }
        v_k17_count = INT64_C(0);
        {
            const int64_t k_lo60 = INT64_C(0), k_hi61 = a_p_x_s0, k_st62 = INT64_C(128);
            const int64_t k_n65 = kiln_trips(k_lo60, k_hi61, k_st62);
            if (kiln_team_of_many() && (kiln_worth_team((k_n65 - 0) * (3 + kiln_trips(((INT64_C(0)) + (kiln_floordiv_i64(((a_p_x_s0) - (INT64_C(0))), INT64_C(2)))), (((((((INT64_C(0)) + (kiln_floordiv_i64(((a_p_x_s0) - (INT64_C(0))), INT64_C(2))))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) + (kiln_floordiv_i64(((a_p_x_s0) - (INT64_C(0))), INT64_C(2))))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3), &kiln_team))) {
                    omp_set_schedule(omp_sched_static, (((3 + kiln_trips(INT64_C(0), (((((INT64_C(0)) + (INT64_C(128)))) < (a_p_x_s0)) ? (((INT64_C(0)) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3)) * 3 < ((3 + kiln_trips(((INT64_C(0)) + (kiln_floordiv_i64(((a_p_x_s0) - (INT64_C(0))), INT64_C(2)))), (((((((INT64_C(0)) + (kiln_floordiv_i64(((a_p_x_s0) - (INT64_C(0))), INT64_C(2))))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) + (kiln_floordiv_i64(((a_p_x_s0) - (INT64_C(0))), INT64_C(2))))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3)) * 2 || ((3 + kiln_trips(((INT64_C(0)) + (kiln_floordiv_i64(((a_p_x_s0) - (INT64_C(0))), INT64_C(2)))), (((((((INT64_C(0)) + (kiln_floordiv_i64(((a_p_x_s0) - (INT64_C(0))), INT64_C(2))))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) + (kiln_floordiv_i64(((a_p_x_s0) - (INT64_C(0))), INT64_C(2))))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3)) * 3 < ((3 + kiln_trips(INT64_C(0), (((((INT64_C(0)) + (INT64_C(128)))) < (a_p_x_s0)) ? (((INT64_C(0)) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3)) * 2) ? 1 : 0);
                int k_perr66 = 0;
                long long k_perr66_a[1] = {0};
                #pragma omp parallel for schedule(runtime) private(v_k18_blk, v_k21_bend, v_k20_hits, v_k19_i) reduction(+:v_k17_count)
                for (int64_t k_k64 = 0; k_k64 < k_n65; k_k64++) { /* kiln loop #41 */
                    v_k18_blk = kiln_nth(k_lo60, k_k64, k_st62);
                    if (kiln_poll_signals(&kiln_stop)) {
                        #pragma omp critical(kiln_check)
                        { if (!k_perr66) k_perr66 = -1; }
                        goto k_pnext67;
                    }
                    v_k21_bend = (((((v_k18_blk) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k18_blk) + (INT64_C(128)))) : (a_p_x_s0));
                    v_k20_hits = ((uint8_t)INT64_C(0));
                    {
                        const int64_t k_lo68 = v_k18_blk, k_hi69 = v_k21_bend, k_st70 = INT64_C(1);
                        for (int64_t k_t71 = k_lo68; k_t71 < k_hi69; k_t71 += k_st70) { /* kiln loop #39 */
                            v_k19_i = k_t71;
                            v_k20_hits = ((uint8_t)((v_k20_hits) + (((uint8_t)(((a_p_x_d[v_k19_i]) > (0.5)))))));
                        }
                    }
                    v_k17_count = ((v_k17_count) + (((int64_t)(v_k20_hits))));
                    k_pnext67: ;
                }
                if (k_perr66 == -1) goto kiln_fail;
            } else {
                for (int64_t k_k64 = 0; k_k64 < k_n65; k_k64++) { /* kiln loop #41 */
                    v_k18_blk = kiln_nth(k_lo60, k_k64, k_st62);
                    if (kiln_poll_signals(&kiln_stop)) {
                        goto kiln_fail;
                    }
                    v_k21_bend = (((((v_k18_blk) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k18_blk) + (INT64_C(128)))) : (a_p_x_s0));
                    v_k20_hits = ((uint8_t)INT64_C(0));
                    {
                        const int64_t k_lo73 = v_k18_blk, k_hi74 = v_k21_bend, k_st75 = INT64_C(1);
                        for (int64_t k_t76 = k_lo73; k_t76 < k_hi74; k_t76 += k_st75) { /* kiln loop #39 */
                            v_k19_i = k_t76;
                            v_k20_hits = ((uint8_t)((v_k20_hits) + (((uint8_t)(((a_p_x_d[v_k19_i]) > (0.5)))))));
                        }
                    }
                    v_k17_count = ((v_k17_count) + (((int64_t)(v_k20_hits))));
                }
            }
        }
        if (!(((((v_k8_count) == (v_k17_count))) || (((v_k8_count) == (INT64_C(1))))))) {
            PyErr_Format(PyExc_ValueError, "shape mismatch: value array could not be broadcast to indexing result (extent %lld vs %lld)", (long long)(v_k8_count), (long long)(v_k17_count));
            goto kiln_fail;
        }
        v_k22_pos = INT64_C(0);
        {
            const int64_t k_lo77 = INT64_C(0), k_hi78 = a_p_x_s0, k_st79 = INT64_C(128);
            const int64_t k_n82 = kiln_trips(k_lo77, k_hi78, k_st79);
            for (int64_t k_k81 = 0; k_k81 < k_n82; k_k81++) { /* kiln loop #57 */
                v_k24_blk = kiln_nth(k_lo77, k_k81, k_st79);
                if (kiln_poll_signals(&kiln_stop)) {
                    goto kiln_fail;
                }
                v_k27_bend = (((((v_k24_blk) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k24_blk) + (INT64_C(128)))) : (a_p_x_s0));
                v_k26_hits = ((uint8_t)INT64_C(0));
                {
                    const int64_t k_lo83 = v_k24_blk, k_hi84 = v_k27_bend, k_st85 = INT64_C(1);
                    if (kiln_team_of_many() && (kiln_worth_team((k_hi84 - k_lo83) * 3, &kiln_team))) {
                        #pragma omp parallel for schedule(static) private(v_k25_i) reduction(+:v_k26_hits)
                        for (int64_t k_t86 = k_lo83; k_t86 < k_hi84; k_t86 += k_st85) { /* kiln loop #47 */
                            v_k25_i = k_t86;
                            v_k26_hits = ((uint8_t)((v_k26_hits) + (((uint8_t)(((a_p_x_d[v_k25_i]) > (0.5)))))));
                        }
                    } else {
                        for (int64_t k_t86 = k_lo83; k_t86 < k_hi84; k_t86 += k_st85) { /* kiln loop #47 */
                            v_k25_i = k_t86;
                            v_k26_hits = ((uint8_t)((v_k26_hits) + (((uint8_t)(((a_p_x_d[v_k25_i]) > (0.5)))))));
                        }
                    }
                }
                if (((((int64_t)(v_k26_hits))) == (((v_k27_bend) - (v_k24_blk))))) {
                    {
                        const int64_t k_lo90 = v_k24_blk, k_hi91 = v_k27_bend, k_st92 = INT64_C(1);
                        if (kiln_team_of_many() && (kiln_worth_team((k_hi91 - k_lo90) * 6, &kiln_team))) {
                            #pragma omp parallel for schedule(static) private(v_k23_i)
                            for (int64_t k_t93 = k_lo90; k_t93 < k_hi91; k_t93 += k_st92) { /* kiln loop #53 */
                                v_k23_i = k_t93;
                                a_p_x_d[v_k23_i] = a_k9_masked_d[((((v_k8_count) == (INT64_C(1)))) ? (INT64_C(0)) : (((v_k22_pos) + (((v_k23_i) - (v_k24_blk))))))];
                            }
                        } else {
                            for (int64_t k_t93 = k_lo90; k_t93 < k_hi91; k_t93 += k_st92) { /* kiln loop #53 */
                                v_k23_i = k_t93;
                                a_p_x_d[v_k23_i] = a_k9_masked_d[((((v_k8_count) == (INT64_C(1)))) ? (INT64_C(0)) : (((v_k22_pos) + (((v_k23_i) - (v_k24_blk))))))];
                            }
                        }
                    }
                    v_k22_pos = ((v_k22_pos) + (((int64_t)(v_k26_hits))));
                } else {
                    if (((v_k26_hits) != (((uint8_t)INT64_C(0))))) {
                        {
                            const int64_t k_lo97 = v_k24_blk, k_hi98 = v_k27_bend, k_st99 = INT64_C(1);
                            for (int64_t k_t100 = k_lo97; k_t100 < k_hi98; k_t100 += k_st99) { /* kiln loop #51 */
                                v_k23_i = k_t100;
                                if (((a_p_x_d[v_k23_i]) > (0.5))) {
                                    a_p_x_d[v_k23_i] = a_k9_masked_d[((((v_k8_count) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k22_pos))];
                                    v_k22_pos = ((v_k22_pos) + (INT64_C(1)));
                                }
                            }
                        }
                    }
                }
            }
        }
        if (!(((a_p_x_s0) > (INT64_C(0))))) {
            PyErr_Format(PyExc_ValueError, "zero-size array to reduction operation maximum which has no identity");
            goto kiln_fail;
        }
        v_k28_max = fabs(a_p_x_d[INT64_C(0)]);
        {
            const int64_t k_lo101 = INT64_C(0), k_hi102 = a_p_x_s0, k_st103 = INT64_C(1);
            if (kiln_team_of_many() && (kiln_worth_team((k_hi102 - k_lo101) * 10, &kiln_team))) {
                #pragma omp parallel for schedule(static) private(v_k29_i) reduction(kiln_max_f64:v_k28_max)
                for (int64_t k_t104 = k_lo101; k_t104 < k_hi102; k_t104 += k_st103) { /* kiln loop #61 */
                    v_k29_i = k_t104;
                    v_k28_max = kiln_max_f64(v_k28_max, fabs(a_p_x_d[v_k29_i]));
                }
            } else {
                #if KILN_SIMD_UDR
                #pragma omp simd reduction(kiln_max_f64:v_k28_max)
                #endif
                for (int64_t k_t104 = k_lo101; k_t104 < k_hi102; k_t104 += k_st103) { /* kiln loop #61 */
                    v_k29_i = k_t104;
                    v_k28_max = kiln_max_f64(v_k28_max, fabs(a_p_x_d[v_k29_i]));
                }
            }
        }
        v_u_err = v_k28_max;
    }
    v_u_ret__0 = v_u_err;
    kiln_result = kiln_box_scalar(&v_u_ret__0, NPY_FLOAT64);
    if (!kiln_result) goto kiln_fail;
    goto kiln_cleanup;
    if (!(0)) {
        PyErr_Format(PyExc_RuntimeError, "masked_relax() reached its end without returning a value");
        goto kiln_fail;
    }
    kiln_result = Py_None; Py_INCREF(Py_None);
    goto kiln_cleanup;
    kiln_fail:
    Py_XDECREF(kiln_result); kiln_result = NULL;
    kiln_cleanup:
    Py_XDECREF(a_p_x_o);
    Py_XDECREF(a_k2_offs_o);
    Py_XDECREF(a_k9_masked_o);
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

