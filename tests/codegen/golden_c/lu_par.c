


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
    int64_t kiln_team = 0; /* work of parallel loops so far (kiln_worth_team) */
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
        int k_go7 = 0;
        int64_t k_from8 = k_lo1;
        for (int64_t k_t4 = k_lo1; k_t4 < k_hi2; k_t4 += k_st3) { /* kiln loop #37 */
            v_k1_it = k_t4;
            if (kiln_poll_signals(&kiln_stop)) {
                goto kiln_fail;
            }
            v_u_i = v_k1_it;
            {
                const int64_t k_lo10 = INT64_C(0), k_hi11 = v_u_i, k_st12 = INT64_C(1);
                int k_go16 = 0;
                int64_t k_from17 = k_lo10;
                for (int64_t k_t13 = k_lo10; k_t13 < k_hi11; k_t13 += k_st12) { /* kiln loop #20 */
                    v_k2_it = k_t13;
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
                            const int64_t k_lo19 = INT64_C(0), k_hi20 = v_k5_bdim, k_st21 = INT64_C(1);
                            if (kiln_team_of_many() && (kiln_worth_team((k_hi20 - k_lo19) * 4, &kiln_team))) {
                                #pragma omp parallel for schedule(static) private(v_k7_i) reduction(+:v_k6_sum)
                                for (int64_t k_t22 = k_lo19; k_t22 < k_hi20; k_t22 += k_st21) { /* kiln loop #11 */
                                    v_k7_i = k_t22;
                                    v_k6_sum = ((v_k6_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_k7_i]) * (a_p_a_d[(v_k7_i)*(a_p_a_s1) + v_u_j]))));
                                }
                            } else {
                                #pragma omp simd reduction(+:v_k6_sum)
                                for (int64_t k_t22 = k_lo19; k_t22 < k_hi20; k_t22 += k_st21) { /* kiln loop #11 */
                                    v_k7_i = k_t22;
                                    v_k6_sum = ((v_k6_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_k7_i]) * (a_p_a_d[(v_k7_i)*(a_p_a_s1) + v_u_j]))));
                                }
                            }
                        }
                    } else {
                        v_k6_sum = 0.0;
                        {
                            const int64_t k_lo26 = INT64_C(0), k_hi27 = v_k5_bdim, k_st28 = INT64_C(1);
                            if (kiln_team_of_many() && (kiln_worth_team((k_hi27 - k_lo26) * 8, &kiln_team))) {
                                #pragma omp parallel for schedule(static) private(v_k8_i) reduction(+:v_k6_sum)
                                for (int64_t k_t29 = k_lo26; k_t29 < k_hi27; k_t29 += k_st28) { /* kiln loop #14 */
                                    v_k8_i = k_t29;
                                    v_k6_sum = ((v_k6_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + ((((v_k3_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k8_i))]) * (a_p_a_d[(((((v_k4_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k8_i)))*(a_p_a_s1) + v_u_j]))));
                                }
                            } else {
                                #pragma omp simd reduction(+:v_k6_sum)
                                for (int64_t k_t29 = k_lo26; k_t29 < k_hi27; k_t29 += k_st28) { /* kiln loop #14 */
                                    v_k8_i = k_t29;
                                    v_k6_sum = ((v_k6_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + ((((v_k3_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k8_i))]) * (a_p_a_d[(((((v_k4_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k8_i)))*(a_p_a_s1) + v_u_j]))));
                                }
                            }
                        }
                    }
                    v_k9_fill = ((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j]) - (v_k6_sum));
                    a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j] = v_k9_fill;
                    v_k10_fill = ((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j]) / (a_p_a_d[(v_u_j)*(a_p_a_s1) + v_u_j]));
                    a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j] = v_k10_fill;
                    if (kiln_team >= KILN_PAR_MIN && kiln_team_of_many()) { k_from17 = k_t13 + k_st12; k_go16 = 1; break; }
                }
                if (k_go16) {
                    int k_terr14 = 0;
                    long long k_terr14_a[2] = {0};
                    kiln_barrier k_bar15 = {0, 0};
                    #pragma omp parallel firstprivate(v_k2_it, v_k10_fill, v_k3_len, v_k4_len, v_k5_bdim, v_k9_fill)
                    {
                        for (int64_t k_t18 = k_from17; k_t18 < k_hi11; k_t18 += k_st12) {
                            v_k2_it = k_t18;
                            #pragma omp master
                            {
                                v_u_j = v_k2_it;
                            }
                            kiln_barrier_wait(&k_bar15);
                            v_k3_len = ((((((v_u_j) < (a_p_a_s1)) ? (v_u_j) : (a_p_a_s1))) > (INT64_C(0))) ? ((((v_u_j) < (a_p_a_s1)) ? (v_u_j) : (a_p_a_s1))) : (INT64_C(0)));
                            v_k4_len = ((((((v_u_j) < (a_p_a_s0)) ? (v_u_j) : (a_p_a_s0))) > (INT64_C(0))) ? ((((v_u_j) < (a_p_a_s0)) ? (v_u_j) : (a_p_a_s0))) : (INT64_C(0)));
                            if (!(((v_k3_len) == (v_k4_len)))) {
                                if (omp_get_thread_num() == 0) { k_terr14 = 1; k_terr14_a[0] = (long long)(v_k3_len); k_terr14_a[1] = (long long)(v_k4_len); }
                                break;
                            }
                            if (!(((((v_k3_len) == (v_k4_len))) || (((((v_k3_len) == (INT64_C(1)))) || (((v_k4_len) == (INT64_C(1))))))))) {
                                if (omp_get_thread_num() == 0) { k_terr14 = 2; k_terr14_a[0] = (long long)(v_k3_len); k_terr14_a[1] = (long long)(v_k4_len); }
                                break;
                            }
                            v_k5_bdim = ((((v_k3_len) == (INT64_C(1)))) ? (v_k4_len) : (v_k3_len));
                            if (((((v_k3_len) == (v_k5_bdim))) && (((v_k4_len) == (v_k5_bdim))))) {
                                #pragma omp master
                                {
                                    v_k6_sum = 0.0;
                                }
                                {
                                    const int64_t k_lo33 = INT64_C(0), k_hi34 = v_k5_bdim, k_st35 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar15);
                                        #pragma omp for schedule(static) private(v_k7_i) reduction(+:v_k6_sum)
                                        for (int64_t k_t36 = k_lo33; k_t36 < k_hi34; k_t36 += k_st35) { /* kiln loop #11 */
                                            v_k7_i = k_t36;
                                            v_k6_sum = ((v_k6_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_k7_i]) * (a_p_a_d[(v_k7_i)*(a_p_a_s1) + v_u_j]))));
                                        }
                                }
                            } else {
                                #pragma omp master
                                {
                                    v_k6_sum = 0.0;
                                }
                                {
                                    const int64_t k_lo39 = INT64_C(0), k_hi40 = v_k5_bdim, k_st41 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar15);
                                        #pragma omp for schedule(static) private(v_k8_i) reduction(+:v_k6_sum)
                                        for (int64_t k_t42 = k_lo39; k_t42 < k_hi40; k_t42 += k_st41) { /* kiln loop #14 */
                                            v_k8_i = k_t42;
                                            v_k6_sum = ((v_k6_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + ((((v_k3_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k8_i))]) * (a_p_a_d[(((((v_k4_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k8_i)))*(a_p_a_s1) + v_u_j]))));
                                        }
                                }
                            }
                            v_k9_fill = ((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j]) - (v_k6_sum));
                            kiln_barrier_wait(&k_bar15);
                            #pragma omp master
                            {
                                a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j] = v_k9_fill;
                            }
                            kiln_barrier_wait(&k_bar15);
                            v_k10_fill = ((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j]) / (a_p_a_d[(v_u_j)*(a_p_a_s1) + v_u_j]));
                            kiln_barrier_wait(&k_bar15);
                            #pragma omp master
                            {
                                a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j] = v_k10_fill;
                            }
                            kiln_barrier_wait(&k_bar15);
                        }
                    }
                    kiln_team = KILN_PAR_MIN;
                    if (k_terr14 == 1) PyErr_Format(PyExc_ValueError, "matmul: mismatch in the contracted dimension (%lld is different from %lld)", k_terr14_a[0], k_terr14_a[1]);
                    if (k_terr14 == 2) PyErr_Format(PyExc_ValueError, "operands could not be broadcast together: dimension %lld vs %lld", k_terr14_a[0], k_terr14_a[1]);
                    if (k_terr14) goto kiln_fail;
                }
            }
            {
                const int64_t k_lo45 = v_u_i, k_hi46 = v_u_n, k_st47 = INT64_C(1);
                int k_go51 = 0;
                int64_t k_from52 = k_lo45;
                for (int64_t k_t48 = k_lo45; k_t48 < k_hi46; k_t48 += k_st47) { /* kiln loop #36 */
                    v_k11_it = k_t48;
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
                            const int64_t k_lo54 = INT64_C(0), k_hi55 = v_k14_bdim, k_st56 = INT64_C(1);
                            if (kiln_team_of_many() && (kiln_worth_team((k_hi55 - k_lo54) * 4, &kiln_team))) {
                                #pragma omp parallel for schedule(static) private(v_k16_i) reduction(+:v_k15_sum)
                                for (int64_t k_t57 = k_lo54; k_t57 < k_hi55; k_t57 += k_st56) { /* kiln loop #29 */
                                    v_k16_i = k_t57;
                                    v_k15_sum = ((v_k15_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_k16_i]) * (a_p_a_d[(v_k16_i)*(a_p_a_s1) + v_u_j]))));
                                }
                            } else {
                                #pragma omp simd reduction(+:v_k15_sum)
                                for (int64_t k_t57 = k_lo54; k_t57 < k_hi55; k_t57 += k_st56) { /* kiln loop #29 */
                                    v_k16_i = k_t57;
                                    v_k15_sum = ((v_k15_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_k16_i]) * (a_p_a_d[(v_k16_i)*(a_p_a_s1) + v_u_j]))));
                                }
                            }
                        }
                    } else {
                        v_k15_sum = 0.0;
                        {
                            const int64_t k_lo61 = INT64_C(0), k_hi62 = v_k14_bdim, k_st63 = INT64_C(1);
                            if (kiln_team_of_many() && (kiln_worth_team((k_hi62 - k_lo61) * 8, &kiln_team))) {
                                #pragma omp parallel for schedule(static) private(v_k17_i) reduction(+:v_k15_sum)
                                for (int64_t k_t64 = k_lo61; k_t64 < k_hi62; k_t64 += k_st63) { /* kiln loop #32 */
                                    v_k17_i = k_t64;
                                    v_k15_sum = ((v_k15_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + ((((v_k12_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i))]) * (a_p_a_d[(((((v_k13_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))*(a_p_a_s1) + v_u_j]))));
                                }
                            } else {
                                #pragma omp simd reduction(+:v_k15_sum)
                                for (int64_t k_t64 = k_lo61; k_t64 < k_hi62; k_t64 += k_st63) { /* kiln loop #32 */
                                    v_k17_i = k_t64;
                                    v_k15_sum = ((v_k15_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + ((((v_k12_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i))]) * (a_p_a_d[(((((v_k13_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))*(a_p_a_s1) + v_u_j]))));
                                }
                            }
                        }
                    }
                    v_k18_fill = ((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j]) - (v_k15_sum));
                    a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j] = v_k18_fill;
                    if (kiln_team >= KILN_PAR_MIN && kiln_team_of_many()) { k_from52 = k_t48 + k_st47; k_go51 = 1; break; }
                }
                if (k_go51) {
                    int k_terr49 = 0;
                    long long k_terr49_a[2] = {0};
                    kiln_barrier k_bar50 = {0, 0};
                    #pragma omp parallel firstprivate(v_k11_it, v_k12_len, v_k13_len, v_k14_bdim, v_k18_fill)
                    {
                        for (int64_t k_t53 = k_from52; k_t53 < k_hi46; k_t53 += k_st47) {
                            v_k11_it = k_t53;
                            #pragma omp master
                            {
                                v_u_j = v_k11_it;
                            }
                            v_k12_len = ((((((v_u_i) < (a_p_a_s1)) ? (v_u_i) : (a_p_a_s1))) > (INT64_C(0))) ? ((((v_u_i) < (a_p_a_s1)) ? (v_u_i) : (a_p_a_s1))) : (INT64_C(0)));
                            v_k13_len = ((((((v_u_i) < (a_p_a_s0)) ? (v_u_i) : (a_p_a_s0))) > (INT64_C(0))) ? ((((v_u_i) < (a_p_a_s0)) ? (v_u_i) : (a_p_a_s0))) : (INT64_C(0)));
                            if (!(((v_k12_len) == (v_k13_len)))) {
                                if (omp_get_thread_num() == 0) { k_terr49 = 1; k_terr49_a[0] = (long long)(v_k12_len); k_terr49_a[1] = (long long)(v_k13_len); }
                                break;
                            }
                            if (!(((((v_k12_len) == (v_k13_len))) || (((((v_k12_len) == (INT64_C(1)))) || (((v_k13_len) == (INT64_C(1))))))))) {
                                if (omp_get_thread_num() == 0) { k_terr49 = 2; k_terr49_a[0] = (long long)(v_k12_len); k_terr49_a[1] = (long long)(v_k13_len); }
                                break;
                            }
                            v_k14_bdim = ((((v_k12_len) == (INT64_C(1)))) ? (v_k13_len) : (v_k12_len));
                            if (((((v_k12_len) == (v_k14_bdim))) && (((v_k13_len) == (v_k14_bdim))))) {
                                #pragma omp master
                                {
                                    v_k15_sum = 0.0;
                                }
                                {
                                    const int64_t k_lo68 = INT64_C(0), k_hi69 = v_k14_bdim, k_st70 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar50);
                                        #pragma omp for schedule(static) private(v_k16_i) reduction(+:v_k15_sum)
                                        for (int64_t k_t71 = k_lo68; k_t71 < k_hi69; k_t71 += k_st70) { /* kiln loop #29 */
                                            v_k16_i = k_t71;
                                            v_k15_sum = ((v_k15_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_k16_i]) * (a_p_a_d[(v_k16_i)*(a_p_a_s1) + v_u_j]))));
                                        }
                                }
                            } else {
                                #pragma omp master
                                {
                                    v_k15_sum = 0.0;
                                }
                                {
                                    const int64_t k_lo74 = INT64_C(0), k_hi75 = v_k14_bdim, k_st76 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar50);
                                        #pragma omp for schedule(static) private(v_k17_i) reduction(+:v_k15_sum)
                                        for (int64_t k_t77 = k_lo74; k_t77 < k_hi75; k_t77 += k_st76) { /* kiln loop #32 */
                                            v_k17_i = k_t77;
                                            v_k15_sum = ((v_k15_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + ((((v_k12_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i))]) * (a_p_a_d[(((((v_k13_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))*(a_p_a_s1) + v_u_j]))));
                                        }
                                }
                            }
                            v_k18_fill = ((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j]) - (v_k15_sum));
                            kiln_barrier_wait(&k_bar50);
                            #pragma omp master
                            {
                                a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j] = v_k18_fill;
                            }
                            kiln_barrier_wait(&k_bar50);
                        }
                    }
                    kiln_team = KILN_PAR_MIN;
                    if (k_terr49 == 1) PyErr_Format(PyExc_ValueError, "matmul: mismatch in the contracted dimension (%lld is different from %lld)", k_terr49_a[0], k_terr49_a[1]);
                    if (k_terr49 == 2) PyErr_Format(PyExc_ValueError, "operands could not be broadcast together: dimension %lld vs %lld", k_terr49_a[0], k_terr49_a[1]);
                    if (k_terr49) goto kiln_fail;
                }
            }
            if (kiln_team >= KILN_PAR_MIN && kiln_team_of_many()) { k_from8 = k_t4 + k_st3; k_go7 = 1; break; }
        }
        if (k_go7) {
            int k_terr5 = 0;
            long long k_terr5_a[2] = {0};
            kiln_barrier k_bar6 = {0, 0};
            #pragma omp parallel firstprivate(v_k1_it, v_k2_it, v_k11_it, v_k10_fill, v_k12_len, v_k13_len, v_k14_bdim, v_k18_fill, v_k3_len, v_k4_len, v_k5_bdim, v_k9_fill, v_u_i, v_u_j)
            {
                for (int64_t k_t9 = k_from8; k_t9 < k_hi2; k_t9 += k_st3) {
                    v_k1_it = k_t9;
                    v_u_i = v_k1_it;
                    {
                        const int64_t k_lo80 = INT64_C(0), k_hi81 = v_u_i, k_st82 = INT64_C(1);
                        for (int64_t k_t83 = k_lo80; k_t83 < k_hi81; k_t83 += k_st82) { /* kiln loop #20 */
                            v_k2_it = k_t83;
                            v_u_j = v_k2_it;
                            v_k3_len = ((((((v_u_j) < (a_p_a_s1)) ? (v_u_j) : (a_p_a_s1))) > (INT64_C(0))) ? ((((v_u_j) < (a_p_a_s1)) ? (v_u_j) : (a_p_a_s1))) : (INT64_C(0)));
                            v_k4_len = ((((((v_u_j) < (a_p_a_s0)) ? (v_u_j) : (a_p_a_s0))) > (INT64_C(0))) ? ((((v_u_j) < (a_p_a_s0)) ? (v_u_j) : (a_p_a_s0))) : (INT64_C(0)));
                            if (!(((v_k3_len) == (v_k4_len)))) {
                                if (omp_get_thread_num() == 0) { k_terr5 = 1; k_terr5_a[0] = (long long)(v_k3_len); k_terr5_a[1] = (long long)(v_k4_len); }
                                break;
                            }
                            if (!(((((v_k3_len) == (v_k4_len))) || (((((v_k3_len) == (INT64_C(1)))) || (((v_k4_len) == (INT64_C(1))))))))) {
                                if (omp_get_thread_num() == 0) { k_terr5 = 2; k_terr5_a[0] = (long long)(v_k3_len); k_terr5_a[1] = (long long)(v_k4_len); }
                                break;
                            }
                            v_k5_bdim = ((((v_k3_len) == (INT64_C(1)))) ? (v_k4_len) : (v_k3_len));
                            if (((((v_k3_len) == (v_k5_bdim))) && (((v_k4_len) == (v_k5_bdim))))) {
                                #pragma omp master
                                {
                                    v_k6_sum = 0.0;
                                }
                                {
                                    const int64_t k_lo84 = INT64_C(0), k_hi85 = v_k5_bdim, k_st86 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar6);
                                        #pragma omp for schedule(static) private(v_k7_i) reduction(+:v_k6_sum)
                                        for (int64_t k_t87 = k_lo84; k_t87 < k_hi85; k_t87 += k_st86) { /* kiln loop #11 */
                                            v_k7_i = k_t87;
                                            v_k6_sum = ((v_k6_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_k7_i]) * (a_p_a_d[(v_k7_i)*(a_p_a_s1) + v_u_j]))));
                                        }
                                }
                            } else {
                                #pragma omp master
                                {
                                    v_k6_sum = 0.0;
                                }
                                {
                                    const int64_t k_lo90 = INT64_C(0), k_hi91 = v_k5_bdim, k_st92 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar6);
                                        #pragma omp for schedule(static) private(v_k8_i) reduction(+:v_k6_sum)
                                        for (int64_t k_t93 = k_lo90; k_t93 < k_hi91; k_t93 += k_st92) { /* kiln loop #14 */
                                            v_k8_i = k_t93;
                                            v_k6_sum = ((v_k6_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + ((((v_k3_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k8_i))]) * (a_p_a_d[(((((v_k4_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k8_i)))*(a_p_a_s1) + v_u_j]))));
                                        }
                                }
                            }
                            v_k9_fill = ((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j]) - (v_k6_sum));
                            kiln_barrier_wait(&k_bar6);
                            #pragma omp master
                            {
                                a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j] = v_k9_fill;
                            }
                            kiln_barrier_wait(&k_bar6);
                            v_k10_fill = ((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j]) / (a_p_a_d[(v_u_j)*(a_p_a_s1) + v_u_j]));
                            kiln_barrier_wait(&k_bar6);
                            #pragma omp master
                            {
                                a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j] = v_k10_fill;
                            }
                            kiln_barrier_wait(&k_bar6);
                        }
                    }
                    kiln_barrier_wait(&k_bar6);
                    if (k_terr5) break;
                    {
                        const int64_t k_lo96 = v_u_i, k_hi97 = v_u_n, k_st98 = INT64_C(1);
                        for (int64_t k_t99 = k_lo96; k_t99 < k_hi97; k_t99 += k_st98) { /* kiln loop #36 */
                            v_k11_it = k_t99;
                            v_u_j = v_k11_it;
                            v_k12_len = ((((((v_u_i) < (a_p_a_s1)) ? (v_u_i) : (a_p_a_s1))) > (INT64_C(0))) ? ((((v_u_i) < (a_p_a_s1)) ? (v_u_i) : (a_p_a_s1))) : (INT64_C(0)));
                            v_k13_len = ((((((v_u_i) < (a_p_a_s0)) ? (v_u_i) : (a_p_a_s0))) > (INT64_C(0))) ? ((((v_u_i) < (a_p_a_s0)) ? (v_u_i) : (a_p_a_s0))) : (INT64_C(0)));
                            if (!(((v_k12_len) == (v_k13_len)))) {
                                if (omp_get_thread_num() == 0) { k_terr5 = 3; k_terr5_a[0] = (long long)(v_k12_len); k_terr5_a[1] = (long long)(v_k13_len); }
                                break;
                            }
                            if (!(((((v_k12_len) == (v_k13_len))) || (((((v_k12_len) == (INT64_C(1)))) || (((v_k13_len) == (INT64_C(1))))))))) {
                                if (omp_get_thread_num() == 0) { k_terr5 = 4; k_terr5_a[0] = (long long)(v_k12_len); k_terr5_a[1] = (long long)(v_k13_len); }
                                break;
                            }
                            v_k14_bdim = ((((v_k12_len) == (INT64_C(1)))) ? (v_k13_len) : (v_k12_len));
                            if (((((v_k12_len) == (v_k14_bdim))) && (((v_k13_len) == (v_k14_bdim))))) {
                                #pragma omp master
                                {
                                    v_k15_sum = 0.0;
                                }
                                {
                                    const int64_t k_lo100 = INT64_C(0), k_hi101 = v_k14_bdim, k_st102 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar6);
                                        #pragma omp for schedule(static) private(v_k16_i) reduction(+:v_k15_sum)
                                        for (int64_t k_t103 = k_lo100; k_t103 < k_hi101; k_t103 += k_st102) { /* kiln loop #29 */
                                            v_k16_i = k_t103;
                                            v_k15_sum = ((v_k15_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_k16_i]) * (a_p_a_d[(v_k16_i)*(a_p_a_s1) + v_u_j]))));
                                        }
                                }
                            } else {
                                #pragma omp master
                                {
                                    v_k15_sum = 0.0;
                                }
                                {
                                    const int64_t k_lo106 = INT64_C(0), k_hi107 = v_k14_bdim, k_st108 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar6);
                                        #pragma omp for schedule(static) private(v_k17_i) reduction(+:v_k15_sum)
                                        for (int64_t k_t109 = k_lo106; k_t109 < k_hi107; k_t109 += k_st108) { /* kiln loop #32 */
                                            v_k17_i = k_t109;
                                            v_k15_sum = ((v_k15_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + ((((v_k12_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i))]) * (a_p_a_d[(((((v_k13_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))*(a_p_a_s1) + v_u_j]))));
                                        }
                                }
                            }
                            v_k18_fill = ((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j]) - (v_k15_sum));
                            kiln_barrier_wait(&k_bar6);
                            #pragma omp master
                            {
                                a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j] = v_k18_fill;
                            }
                            kiln_barrier_wait(&k_bar6);
                        }
                    }
                    kiln_barrier_wait(&k_bar6);
                    if (k_terr5) break;
                }
            }
            kiln_team = KILN_PAR_MIN;
            if (k_terr5 == 1) PyErr_Format(PyExc_ValueError, "matmul: mismatch in the contracted dimension (%lld is different from %lld)", k_terr5_a[0], k_terr5_a[1]);
            if (k_terr5 == 2) PyErr_Format(PyExc_ValueError, "operands could not be broadcast together: dimension %lld vs %lld", k_terr5_a[0], k_terr5_a[1]);
            if (k_terr5 == 3) PyErr_Format(PyExc_ValueError, "matmul: mismatch in the contracted dimension (%lld is different from %lld)", k_terr5_a[0], k_terr5_a[1]);
            if (k_terr5 == 4) PyErr_Format(PyExc_ValueError, "operands could not be broadcast together: dimension %lld vs %lld", k_terr5_a[0], k_terr5_a[1]);
            if (k_terr5) goto kiln_fail;
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

