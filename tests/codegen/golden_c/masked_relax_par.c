
/* kiln: end of prelude */


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
    {
        kiln_poller k_poll1 = KILN_POLLER;
        while (((v_u_err) > (v_p_tol))) {
            if (KILN_POLL(k_poll1, &kiln_stop)) {
                goto kiln_fail;
            }
            v_k1_nblk = kiln_floordiv_i64(((a_p_x_s0) + (INT64_C(127))), INT64_C(128));
            {
                npy_intp d_[1] = {((v_k1_nblk) + (INT64_C(1)))};
                PyObject* k_o2 = kiln_scratch_array(1, d_, NPY_INT64);
                if (!k_o2) goto kiln_fail;
                Py_XDECREF(a_k2_offs_o); a_k2_offs_o = k_o2;
                a_k2_offs_d = (int64_t*)PyArray_DATA((PyArrayObject*)k_o2);
                a_k2_offs_s0 = d_[0];
                a_k2_offs_t0 = 1;
            }
            {
                const int64_t k_lo3 = INT64_C(0), k_hi4 = v_k1_nblk, k_st5 = INT64_C(1);
                if (kiln_team_of_many() && (kiln_worth_team((k_hi4 - k_lo3) * (5 + kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3), &kiln_team))) {
                        omp_set_schedule(omp_sched_static, (((5 + kiln_trips(((INT64_C(0)) * (INT64_C(128))), (((((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3)) * 3 < ((5 + kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3)) * 2 || ((5 + kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3)) * 3 < ((5 + kiln_trips(((INT64_C(0)) * (INT64_C(128))), (((((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3)) * 2) ? 1 : 0);
                    #pragma omp parallel for schedule(runtime) private(v_k3_b, v_k6_bstart, v_k7_bend, v_k5_hits, v_k4_i)
                    for (int64_t k_t6 = k_lo3; k_t6 < k_hi4; k_t6 += k_st5) { /* kiln loop #10 */
                        v_k3_b = k_t6;
                        v_k6_bstart = ((v_k3_b) * (INT64_C(128)));
                        v_k7_bend = (((((v_k6_bstart) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k6_bstart) + (INT64_C(128)))) : (a_p_x_s0));
                        v_k5_hits = ((uint8_t)INT64_C(0));
                        {
                            const int64_t k_lo9 = v_k6_bstart, k_hi10 = v_k7_bend, k_st11 = INT64_C(1);
                            for (int64_t k_t12 = k_lo9; k_t12 < k_hi10; k_t12 += k_st11) { /* kiln loop #8 */
                                v_k4_i = k_t12;
                                v_k5_hits = ((uint8_t)((v_k5_hits) + (((uint8_t)(((a_p_x_d[v_k4_i]) > (0.5)))))));
                            }
                        }
                        a_k2_offs_d[((v_k3_b) + (INT64_C(1)))] = ((int64_t)(v_k5_hits));
                    }
                } else {
                kiln_poller k_poll14 = KILN_POLLER;
                    for (int64_t k_t6 = k_lo3; k_t6 < k_hi4; k_t6 += k_st5) { /* kiln loop #10 */
                        v_k3_b = k_t6;
                        if (KILN_POLL(k_poll14, &kiln_stop)) {
                            goto kiln_fail;
                        }
                        v_k6_bstart = ((v_k3_b) * (INT64_C(128)));
                        v_k7_bend = (((((v_k6_bstart) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k6_bstart) + (INT64_C(128)))) : (a_p_x_s0));
                        v_k5_hits = ((uint8_t)INT64_C(0));
                        {
                            const int64_t k_lo15 = v_k6_bstart, k_hi16 = v_k7_bend, k_st17 = INT64_C(1);
                            for (int64_t k_t18 = k_lo15; k_t18 < k_hi16; k_t18 += k_st17) { /* kiln loop #8 */
                                v_k4_i = k_t18;
                                v_k5_hits = ((uint8_t)((v_k5_hits) + (((uint8_t)(((a_p_x_d[v_k4_i]) > (0.5)))))));
                            }
                        }
                        a_k2_offs_d[((v_k3_b) + (INT64_C(1)))] = ((int64_t)(v_k5_hits));
                    }
                }
            }
            a_k2_offs_d[INT64_C(0)] = INT64_C(0);
            {
                const int64_t k_lo19 = INT64_C(0), k_hi20 = v_k1_nblk, k_st21 = INT64_C(1);
                for (int64_t k_t22 = k_lo19; k_t22 < k_hi20; k_t22 += k_st21) { /* kiln loop #13 */
                    v_k3_b = k_t22;
                    a_k2_offs_d[((v_k3_b) + (INT64_C(1)))] = ((a_k2_offs_d[((v_k3_b) + (INT64_C(1)))]) + (a_k2_offs_d[v_k3_b]));
                }
            }
            v_k8_count = a_k2_offs_d[v_k1_nblk];
            {
                npy_intp d_[1] = {v_k8_count};
                PyObject* k_o23 = kiln_scratch_array(1, d_, NPY_FLOAT64);
                if (!k_o23) goto kiln_fail;
                Py_XDECREF(a_k9_masked_o); a_k9_masked_o = k_o23;
                a_k9_masked_d = (double*)PyArray_DATA((PyArrayObject*)k_o23);
                a_k9_masked_s0 = d_[0];
                a_k9_masked_t0 = 1;
            }
            {
                const int64_t k_lo24 = INT64_C(0), k_hi25 = v_k1_nblk, k_st26 = INT64_C(1);
                if (kiln_team_of_many() && (kiln_worth_team((k_hi25 - k_lo24) * (9 + kiln_work_max(kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 4, (1 + kiln_work_max((3 + kiln_work_max(kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5, kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5)), 1)))), &kiln_team))) {
                        omp_set_schedule(omp_sched_static, (((9 + kiln_work_max(kiln_trips(((INT64_C(0)) * (INT64_C(128))), (((((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 4, (1 + kiln_work_max((3 + kiln_work_max(kiln_trips(((INT64_C(0)) * (INT64_C(128))), (((((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5, kiln_trips(((INT64_C(0)) * (INT64_C(128))), (((((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5)), 1))))) * 3 < ((9 + kiln_work_max(kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 4, (1 + kiln_work_max((3 + kiln_work_max(kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5, kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5)), 1))))) * 2 || ((9 + kiln_work_max(kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 4, (1 + kiln_work_max((3 + kiln_work_max(kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5, kiln_trips(((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128))), (((((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((((INT64_C(0)) + (kiln_floordiv_i64(((v_k1_nblk) - (INT64_C(0))), INT64_C(2))))) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5)), 1))))) * 3 < ((9 + kiln_work_max(kiln_trips(((INT64_C(0)) * (INT64_C(128))), (((((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 4, (1 + kiln_work_max((3 + kiln_work_max(kiln_trips(((INT64_C(0)) * (INT64_C(128))), (((((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5, kiln_trips(((INT64_C(0)) * (INT64_C(128))), (((((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) * (INT64_C(128)))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 5)), 1))))) * 2) ? 1 : 0);
                    #pragma omp parallel for schedule(runtime) private(v_k10_b, v_k13_bstart, v_k14_bend, v_k12_pos, v_k15_bhits, v_k11_i)
                    for (int64_t k_t27 = k_lo24; k_t27 < k_hi25; k_t27 += k_st26) { /* kiln loop #32 */
                        v_k10_b = k_t27;
                        v_k13_bstart = ((v_k10_b) * (INT64_C(128)));
                        v_k14_bend = (((((v_k13_bstart) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k13_bstart) + (INT64_C(128)))) : (a_p_x_s0));
                        v_k12_pos = a_k2_offs_d[v_k10_b];
                        v_k15_bhits = ((a_k2_offs_d[((v_k10_b) + (INT64_C(1)))]) - (v_k12_pos));
                        if (((v_k15_bhits) == (((v_k14_bend) - (v_k13_bstart))))) {
                            {
                                const int64_t k_lo30 = v_k13_bstart, k_hi31 = v_k14_bend, k_st32 = INT64_C(1);
                                #pragma omp simd private(v_k11_i)
                                for (int64_t k_t33 = k_lo30; k_t33 < k_hi31; k_t33 += k_st32) { /* kiln loop #28 */
                                    v_k11_i = k_t33;
                                    a_k9_masked_d[((v_k12_pos) + (((v_k11_i) - (v_k13_bstart))))] = a_p_x_d[v_k11_i];
                                }
                            }
                        } else {
                            if (((v_k15_bhits) != (INT64_C(0)))) {
                                if (((a_p_x_d[((v_k14_bend) - (INT64_C(1)))]) > (0.5))) {
                                    {
                                        const int64_t k_lo34 = v_k13_bstart, k_hi35 = v_k14_bend, k_st36 = INT64_C(1);
                                        for (int64_t k_t37 = k_lo34; k_t37 < k_hi35; k_t37 += k_st36) { /* kiln loop #26 */
                                            v_k11_i = k_t37;
                                            a_k9_masked_d[v_k12_pos] = a_p_x_d[v_k11_i];
                                            v_k12_pos = ((v_k12_pos) + (((int64_t)(((a_p_x_d[v_k11_i]) > (0.5))))));
                                        }
                                    }
                                } else {
                                    {
                                        const int64_t k_lo38 = v_k13_bstart, k_hi39 = v_k14_bend, k_st40 = INT64_C(1);
                                        for (int64_t k_t41 = k_lo38; k_t41 < k_hi39; k_t41 += k_st40) { /* kiln loop #23 */
                                            v_k11_i = k_t41;
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
                } else {
                kiln_poller k_poll43 = KILN_POLLER;
                    for (int64_t k_t27 = k_lo24; k_t27 < k_hi25; k_t27 += k_st26) { /* kiln loop #32 */
                        v_k10_b = k_t27;
                        if (KILN_POLL(k_poll43, &kiln_stop)) {
                            goto kiln_fail;
                        }
                        v_k13_bstart = ((v_k10_b) * (INT64_C(128)));
                        v_k14_bend = (((((v_k13_bstart) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k13_bstart) + (INT64_C(128)))) : (a_p_x_s0));
                        v_k12_pos = a_k2_offs_d[v_k10_b];
                        v_k15_bhits = ((a_k2_offs_d[((v_k10_b) + (INT64_C(1)))]) - (v_k12_pos));
                        if (((v_k15_bhits) == (((v_k14_bend) - (v_k13_bstart))))) {
                            {
                                const int64_t k_lo44 = v_k13_bstart, k_hi45 = v_k14_bend, k_st46 = INT64_C(1);
                                #pragma omp simd private(v_k11_i)
                                for (int64_t k_t47 = k_lo44; k_t47 < k_hi45; k_t47 += k_st46) { /* kiln loop #28 */
                                    v_k11_i = k_t47;
                                    a_k9_masked_d[((v_k12_pos) + (((v_k11_i) - (v_k13_bstart))))] = a_p_x_d[v_k11_i];
                                }
                            }
                        } else {
                            if (((v_k15_bhits) != (INT64_C(0)))) {
                                if (((a_p_x_d[((v_k14_bend) - (INT64_C(1)))]) > (0.5))) {
                                    {
                                        const int64_t k_lo48 = v_k13_bstart, k_hi49 = v_k14_bend, k_st50 = INT64_C(1);
                                        for (int64_t k_t51 = k_lo48; k_t51 < k_hi49; k_t51 += k_st50) { /* kiln loop #26 */
                                            v_k11_i = k_t51;
                                            a_k9_masked_d[v_k12_pos] = a_p_x_d[v_k11_i];
                                            v_k12_pos = ((v_k12_pos) + (((int64_t)(((a_p_x_d[v_k11_i]) > (0.5))))));
                                        }
                                    }
                                } else {
                                    {
                                        const int64_t k_lo52 = v_k13_bstart, k_hi53 = v_k14_bend, k_st54 = INT64_C(1);
                                        for (int64_t k_t55 = k_lo52; k_t55 < k_hi53; k_t55 += k_st54) { /* kiln loop #23 */
                                            v_k11_i = k_t55;
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
                const int64_t k_lo56 = INT64_C(0), k_hi57 = v_k8_count, k_st58 = INT64_C(1);
                if (kiln_team_of_many() && (kiln_worth_team((k_hi57 - k_lo56) * 3, &kiln_team))) {
                    #pragma omp parallel for schedule(static) private(v_k16_i)
                    for (int64_t k_t59 = k_lo56; k_t59 < k_hi57; k_t59 += k_st58) { /* kiln loop #34 */
                        v_k16_i = k_t59;
                        a_k9_masked_d[v_k16_i] = ((a_k9_masked_d[v_k16_i]) * (0.5));
                    }
                } else {
                    for (int64_t k_t59 = k_lo56; k_t59 < k_hi57; k_t59 += k_st58) { /* kiln loop #34 */
                        v_k16_i = k_t59;
                        a_k9_masked_d[v_k16_i] = ((a_k9_masked_d[v_k16_i]) * (0.5));
                    }
                }
            }
            v_k17_count = INT64_C(0);
            {
                const int64_t k_lo63 = INT64_C(0), k_hi64 = a_p_x_s0, k_st65 = INT64_C(128);
                const int64_t k_n68 = kiln_trips(k_lo63, k_hi64, k_st65);
                if (kiln_team_of_many() && (kiln_worth_team((k_n68 - 0) * (3 + kiln_trips(((INT64_C(0)) + (kiln_floordiv_i64(((a_p_x_s0) - (INT64_C(0))), INT64_C(2)))), (((((((INT64_C(0)) + (kiln_floordiv_i64(((a_p_x_s0) - (INT64_C(0))), INT64_C(2))))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) + (kiln_floordiv_i64(((a_p_x_s0) - (INT64_C(0))), INT64_C(2))))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3), &kiln_team))) {
                        omp_set_schedule(omp_sched_static, (((3 + kiln_trips(INT64_C(0), (((((INT64_C(0)) + (INT64_C(128)))) < (a_p_x_s0)) ? (((INT64_C(0)) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3)) * 3 < ((3 + kiln_trips(((INT64_C(0)) + (kiln_floordiv_i64(((a_p_x_s0) - (INT64_C(0))), INT64_C(2)))), (((((((INT64_C(0)) + (kiln_floordiv_i64(((a_p_x_s0) - (INT64_C(0))), INT64_C(2))))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) + (kiln_floordiv_i64(((a_p_x_s0) - (INT64_C(0))), INT64_C(2))))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3)) * 2 || ((3 + kiln_trips(((INT64_C(0)) + (kiln_floordiv_i64(((a_p_x_s0) - (INT64_C(0))), INT64_C(2)))), (((((((INT64_C(0)) + (kiln_floordiv_i64(((a_p_x_s0) - (INT64_C(0))), INT64_C(2))))) + (INT64_C(128)))) < (a_p_x_s0)) ? (((((INT64_C(0)) + (kiln_floordiv_i64(((a_p_x_s0) - (INT64_C(0))), INT64_C(2))))) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3)) * 3 < ((3 + kiln_trips(INT64_C(0), (((((INT64_C(0)) + (INT64_C(128)))) < (a_p_x_s0)) ? (((INT64_C(0)) + (INT64_C(128)))) : (a_p_x_s0)), INT64_C(1)) * 3)) * 2) ? 1 : 0);
                    #pragma omp parallel for schedule(runtime) private(v_k18_blk, v_k21_bend, v_k20_hits, v_k19_i) reduction(+:v_k17_count)
                    for (int64_t k_k67 = 0; k_k67 < k_n68; k_k67++) { /* kiln loop #41 */
                        v_k18_blk = kiln_nth(k_lo63, k_k67, k_st65);
                        v_k21_bend = (((((v_k18_blk) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k18_blk) + (INT64_C(128)))) : (a_p_x_s0));
                        v_k20_hits = ((uint8_t)INT64_C(0));
                        {
                            const int64_t k_lo71 = v_k18_blk, k_hi72 = v_k21_bend, k_st73 = INT64_C(1);
                            for (int64_t k_t74 = k_lo71; k_t74 < k_hi72; k_t74 += k_st73) { /* kiln loop #39 */
                                v_k19_i = k_t74;
                                v_k20_hits = ((uint8_t)((v_k20_hits) + (((uint8_t)(((a_p_x_d[v_k19_i]) > (0.5)))))));
                            }
                        }
                        v_k17_count = ((v_k17_count) + (((int64_t)(v_k20_hits))));
                    }
                } else {
                kiln_poller k_poll76 = KILN_POLLER;
                    for (int64_t k_k67 = 0; k_k67 < k_n68; k_k67++) { /* kiln loop #41 */
                        v_k18_blk = kiln_nth(k_lo63, k_k67, k_st65);
                        if (KILN_POLL(k_poll76, &kiln_stop)) {
                            goto kiln_fail;
                        }
                        v_k21_bend = (((((v_k18_blk) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k18_blk) + (INT64_C(128)))) : (a_p_x_s0));
                        v_k20_hits = ((uint8_t)INT64_C(0));
                        {
                            const int64_t k_lo77 = v_k18_blk, k_hi78 = v_k21_bend, k_st79 = INT64_C(1);
                            for (int64_t k_t80 = k_lo77; k_t80 < k_hi78; k_t80 += k_st79) { /* kiln loop #39 */
                                v_k19_i = k_t80;
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
                const int64_t k_lo81 = INT64_C(0), k_hi82 = a_p_x_s0, k_st83 = INT64_C(128);
                const int64_t k_n86 = kiln_trips(k_lo81, k_hi82, k_st83);
            kiln_poller k_poll87 = KILN_POLLER;
                for (int64_t k_k85 = 0; k_k85 < k_n86; k_k85++) { /* kiln loop #57 */
                    v_k24_blk = kiln_nth(k_lo81, k_k85, k_st83);
                    if (KILN_POLL(k_poll87, &kiln_stop)) {
                        goto kiln_fail;
                    }
                    v_k27_bend = (((((v_k24_blk) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k24_blk) + (INT64_C(128)))) : (a_p_x_s0));
                    v_k26_hits = ((uint8_t)INT64_C(0));
                    {
                        const int64_t k_lo88 = v_k24_blk, k_hi89 = v_k27_bend, k_st90 = INT64_C(1);
                        if (kiln_team_of_many() && (kiln_worth_team((k_hi89 - k_lo88) * 3, &kiln_team))) {
                            #pragma omp parallel for schedule(static) private(v_k25_i) reduction(+:v_k26_hits)
                            for (int64_t k_t91 = k_lo88; k_t91 < k_hi89; k_t91 += k_st90) { /* kiln loop #47 */
                                v_k25_i = k_t91;
                                v_k26_hits = ((uint8_t)((v_k26_hits) + (((uint8_t)(((a_p_x_d[v_k25_i]) > (0.5)))))));
                            }
                        } else {
                            for (int64_t k_t91 = k_lo88; k_t91 < k_hi89; k_t91 += k_st90) { /* kiln loop #47 */
                                v_k25_i = k_t91;
                                v_k26_hits = ((uint8_t)((v_k26_hits) + (((uint8_t)(((a_p_x_d[v_k25_i]) > (0.5)))))));
                            }
                        }
                    }
                    if (((((int64_t)(v_k26_hits))) == (((v_k27_bend) - (v_k24_blk))))) {
                        {
                            const int64_t k_lo95 = v_k24_blk, k_hi96 = v_k27_bend, k_st97 = INT64_C(1);
                            if (kiln_team_of_many() && (kiln_worth_team((k_hi96 - k_lo95) * 6, &kiln_team))) {
                                #pragma omp parallel for schedule(static) private(v_k23_i)
                                for (int64_t k_t98 = k_lo95; k_t98 < k_hi96; k_t98 += k_st97) { /* kiln loop #53 */
                                    v_k23_i = k_t98;
                                    a_p_x_d[v_k23_i] = a_k9_masked_d[((((v_k8_count) == (INT64_C(1)))) ? (INT64_C(0)) : (((v_k22_pos) + (((v_k23_i) - (v_k24_blk))))))];
                                }
                            } else {
                                for (int64_t k_t98 = k_lo95; k_t98 < k_hi96; k_t98 += k_st97) { /* kiln loop #53 */
                                    v_k23_i = k_t98;
                                    a_p_x_d[v_k23_i] = a_k9_masked_d[((((v_k8_count) == (INT64_C(1)))) ? (INT64_C(0)) : (((v_k22_pos) + (((v_k23_i) - (v_k24_blk))))))];
                                }
                            }
                        }
                        v_k22_pos = ((v_k22_pos) + (((int64_t)(v_k26_hits))));
                    } else {
                        if (((v_k26_hits) != (((uint8_t)INT64_C(0))))) {
                            {
                                const int64_t k_lo102 = v_k24_blk, k_hi103 = v_k27_bend, k_st104 = INT64_C(1);
                                for (int64_t k_t105 = k_lo102; k_t105 < k_hi103; k_t105 += k_st104) { /* kiln loop #51 */
                                    v_k23_i = k_t105;
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
                const int64_t k_lo106 = INT64_C(0), k_hi107 = a_p_x_s0, k_st108 = INT64_C(1);
                if (kiln_team_of_many() && (kiln_worth_team((k_hi107 - k_lo106) * 10, &kiln_team))) {
                    #pragma omp parallel for schedule(static) private(v_k29_i) reduction(kiln_max_f64:v_k28_max)
                    for (int64_t k_t109 = k_lo106; k_t109 < k_hi107; k_t109 += k_st108) { /* kiln loop #61 */
                        v_k29_i = k_t109;
                        v_k28_max = kiln_max_f64(v_k28_max, fabs(a_p_x_d[v_k29_i]));
                    }
                } else {
                    #if KILN_SIMD_UDR
                    #pragma omp simd reduction(kiln_max_f64:v_k28_max)
                    #endif
                    for (int64_t k_t109 = k_lo106; k_t109 < k_hi107; k_t109 += k_st108) { /* kiln loop #61 */
                        v_k29_i = k_t109;
                        v_k28_max = kiln_max_f64(v_k28_max, fabs(a_p_x_d[v_k29_i]));
                    }
                }
            }
            v_u_err = v_k28_max;
        }
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

