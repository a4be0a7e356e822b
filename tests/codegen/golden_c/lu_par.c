
/* kiln: end of prelude */


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
    kiln_poller k_poll10 = KILN_POLLER;
        for (int64_t k_t4 = k_lo1; k_t4 < k_hi2; k_t4 += k_st3) { /* kiln loop #37 */
            v_k1_it = k_t4;
            if (KILN_POLL(k_poll10, &kiln_stop)) {
                goto kiln_fail;
            }
            v_u_i = v_k1_it;
            {
                const int64_t k_lo11 = INT64_C(0), k_hi12 = v_u_i, k_st13 = INT64_C(1);
                int k_go17 = 0;
                int64_t k_from18 = k_lo11;
                for (int64_t k_t14 = k_lo11; k_t14 < k_hi12; k_t14 += k_st13) { /* kiln loop #20 */
                    v_k2_it = k_t14;
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
                            const int64_t k_lo20 = INT64_C(0), k_hi21 = v_k5_bdim, k_st22 = INT64_C(1);
                            if (kiln_team_of_many() && (kiln_worth_team((k_hi21 - k_lo20) * 4, &kiln_team))) {
                                #pragma omp parallel for schedule(static) private(v_k7_i) reduction(+:v_k6_sum)
                                for (int64_t k_t23 = k_lo20; k_t23 < k_hi21; k_t23 += k_st22) { /* kiln loop #11 */
                                    v_k7_i = k_t23;
                                    v_k6_sum = ((v_k6_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_k7_i]) * (a_p_a_d[(v_k7_i)*(a_p_a_s1) + v_u_j]))));
                                }
                            } else {
                                #pragma omp simd reduction(+:v_k6_sum)
                                for (int64_t k_t23 = k_lo20; k_t23 < k_hi21; k_t23 += k_st22) { /* kiln loop #11 */
                                    v_k7_i = k_t23;
                                    v_k6_sum = ((v_k6_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_k7_i]) * (a_p_a_d[(v_k7_i)*(a_p_a_s1) + v_u_j]))));
                                }
                            }
                        }
                    } else {
                        v_k6_sum = 0.0;
                        {
                            const int64_t k_lo27 = INT64_C(0), k_hi28 = v_k5_bdim, k_st29 = INT64_C(1);
                            if (kiln_team_of_many() && (kiln_worth_team((k_hi28 - k_lo27) * 8, &kiln_team))) {
                                #pragma omp parallel for schedule(static) private(v_k8_i) reduction(+:v_k6_sum)
                                for (int64_t k_t30 = k_lo27; k_t30 < k_hi28; k_t30 += k_st29) { /* kiln loop #14 */
                                    v_k8_i = k_t30;
                                    v_k6_sum = ((v_k6_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + ((((v_k3_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k8_i))]) * (a_p_a_d[(((((v_k4_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k8_i)))*(a_p_a_s1) + v_u_j]))));
                                }
                            } else {
                                #pragma omp simd reduction(+:v_k6_sum)
                                for (int64_t k_t30 = k_lo27; k_t30 < k_hi28; k_t30 += k_st29) { /* kiln loop #14 */
                                    v_k8_i = k_t30;
                                    v_k6_sum = ((v_k6_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + ((((v_k3_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k8_i))]) * (a_p_a_d[(((((v_k4_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k8_i)))*(a_p_a_s1) + v_u_j]))));
                                }
                            }
                        }
                    }
                    v_k9_fill = ((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j]) - (v_k6_sum));
                    a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j] = v_k9_fill;
                    v_k10_fill = ((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j]) / (a_p_a_d[(v_u_j)*(a_p_a_s1) + v_u_j]));
                    a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j] = v_k10_fill;
                    if (kiln_team >= KILN_PAR_MIN && kiln_team_of_many()) { k_from18 = k_t14 + k_st13; k_go17 = 1; break; }
                }
                if (k_go17) {
                    int k_terr15 = 0;
                    long long k_terr15_a[2] = {0};
                    kiln_barrier k_bar16 = {0, 0};
                    #pragma omp parallel firstprivate(v_k2_it, v_k10_fill, v_k3_len, v_k4_len, v_k5_bdim, v_k9_fill)
                    {
                        for (int64_t k_t19 = k_from18; k_t19 < k_hi12; k_t19 += k_st13) {
                            v_k2_it = k_t19;
                            #pragma omp master
                            {
                                v_u_j = v_k2_it;
                            }
                            kiln_barrier_wait(&k_bar16);
                            v_k3_len = ((((((v_u_j) < (a_p_a_s1)) ? (v_u_j) : (a_p_a_s1))) > (INT64_C(0))) ? ((((v_u_j) < (a_p_a_s1)) ? (v_u_j) : (a_p_a_s1))) : (INT64_C(0)));
                            v_k4_len = ((((((v_u_j) < (a_p_a_s0)) ? (v_u_j) : (a_p_a_s0))) > (INT64_C(0))) ? ((((v_u_j) < (a_p_a_s0)) ? (v_u_j) : (a_p_a_s0))) : (INT64_C(0)));
                            if (!(((v_k3_len) == (v_k4_len)))) {
                                if (omp_get_thread_num() == 0) { k_terr15 = 1; k_terr15_a[0] = (long long)(v_k3_len); k_terr15_a[1] = (long long)(v_k4_len); }
                                break;
                            }
                            if (!(((((v_k3_len) == (v_k4_len))) || (((((v_k3_len) == (INT64_C(1)))) || (((v_k4_len) == (INT64_C(1))))))))) {
                                if (omp_get_thread_num() == 0) { k_terr15 = 2; k_terr15_a[0] = (long long)(v_k3_len); k_terr15_a[1] = (long long)(v_k4_len); }
                                break;
                            }
                            v_k5_bdim = ((((v_k3_len) == (INT64_C(1)))) ? (v_k4_len) : (v_k3_len));
                            if (((((v_k3_len) == (v_k5_bdim))) && (((v_k4_len) == (v_k5_bdim))))) {
                                #pragma omp master
                                {
                                    v_k6_sum = 0.0;
                                }
                                {
                                    const int64_t k_lo34 = INT64_C(0), k_hi35 = v_k5_bdim, k_st36 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar16);
                                        #pragma omp for schedule(static) private(v_k7_i) reduction(+:v_k6_sum)
                                        for (int64_t k_t37 = k_lo34; k_t37 < k_hi35; k_t37 += k_st36) { /* kiln loop #11 */
                                            v_k7_i = k_t37;
                                            v_k6_sum = ((v_k6_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_k7_i]) * (a_p_a_d[(v_k7_i)*(a_p_a_s1) + v_u_j]))));
                                        }
                                }
                            } else {
                                #pragma omp master
                                {
                                    v_k6_sum = 0.0;
                                }
                                {
                                    const int64_t k_lo40 = INT64_C(0), k_hi41 = v_k5_bdim, k_st42 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar16);
                                        #pragma omp for schedule(static) private(v_k8_i) reduction(+:v_k6_sum)
                                        for (int64_t k_t43 = k_lo40; k_t43 < k_hi41; k_t43 += k_st42) { /* kiln loop #14 */
                                            v_k8_i = k_t43;
                                            v_k6_sum = ((v_k6_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + ((((v_k3_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k8_i))]) * (a_p_a_d[(((((v_k4_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k8_i)))*(a_p_a_s1) + v_u_j]))));
                                        }
                                }
                            }
                            v_k9_fill = ((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j]) - (v_k6_sum));
                            kiln_barrier_wait(&k_bar16);
                            #pragma omp master
                            {
                                a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j] = v_k9_fill;
                            }
                            kiln_barrier_wait(&k_bar16);
                            v_k10_fill = ((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j]) / (a_p_a_d[(v_u_j)*(a_p_a_s1) + v_u_j]));
                            kiln_barrier_wait(&k_bar16);
                            #pragma omp master
                            {
                                a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j] = v_k10_fill;
                            }
                            kiln_barrier_wait(&k_bar16);
                        }
                    }
                    kiln_team = KILN_PAR_MIN;
                    if (k_terr15 == 1) PyErr_Format(PyExc_ValueError, "matmul: mismatch in the contracted dimension (%lld is different from %lld)", k_terr15_a[0], k_terr15_a[1]);
                    if (k_terr15 == 2) PyErr_Format(PyExc_ValueError, "operands could not be broadcast together: dimension %lld vs %lld", k_terr15_a[0], k_terr15_a[1]);
                    if (k_terr15) goto kiln_fail;
                }
            }
            {
                const int64_t k_lo46 = v_u_i, k_hi47 = v_u_n, k_st48 = INT64_C(1);
                int k_go52 = 0;
                int64_t k_from53 = k_lo46;
                for (int64_t k_t49 = k_lo46; k_t49 < k_hi47; k_t49 += k_st48) { /* kiln loop #36 */
                    v_k11_it = k_t49;
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
                            const int64_t k_lo55 = INT64_C(0), k_hi56 = v_k14_bdim, k_st57 = INT64_C(1);
                            if (kiln_team_of_many() && (kiln_worth_team((k_hi56 - k_lo55) * 4, &kiln_team))) {
                                #pragma omp parallel for schedule(static) private(v_k16_i) reduction(+:v_k15_sum)
                                for (int64_t k_t58 = k_lo55; k_t58 < k_hi56; k_t58 += k_st57) { /* kiln loop #29 */
                                    v_k16_i = k_t58;
                                    v_k15_sum = ((v_k15_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_k16_i]) * (a_p_a_d[(v_k16_i)*(a_p_a_s1) + v_u_j]))));
                                }
                            } else {
                                #pragma omp simd reduction(+:v_k15_sum)
                                for (int64_t k_t58 = k_lo55; k_t58 < k_hi56; k_t58 += k_st57) { /* kiln loop #29 */
                                    v_k16_i = k_t58;
                                    v_k15_sum = ((v_k15_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_k16_i]) * (a_p_a_d[(v_k16_i)*(a_p_a_s1) + v_u_j]))));
                                }
                            }
                        }
                    } else {
                        v_k15_sum = 0.0;
                        {
                            const int64_t k_lo62 = INT64_C(0), k_hi63 = v_k14_bdim, k_st64 = INT64_C(1);
                            if (kiln_team_of_many() && (kiln_worth_team((k_hi63 - k_lo62) * 8, &kiln_team))) {
                                #pragma omp parallel for schedule(static) private(v_k17_i) reduction(+:v_k15_sum)
                                for (int64_t k_t65 = k_lo62; k_t65 < k_hi63; k_t65 += k_st64) { /* kiln loop #32 */
                                    v_k17_i = k_t65;
                                    v_k15_sum = ((v_k15_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + ((((v_k12_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i))]) * (a_p_a_d[(((((v_k13_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))*(a_p_a_s1) + v_u_j]))));
                                }
                            } else {
                                #pragma omp simd reduction(+:v_k15_sum)
                                for (int64_t k_t65 = k_lo62; k_t65 < k_hi63; k_t65 += k_st64) { /* kiln loop #32 */
                                    v_k17_i = k_t65;
                                    v_k15_sum = ((v_k15_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + ((((v_k12_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i))]) * (a_p_a_d[(((((v_k13_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))*(a_p_a_s1) + v_u_j]))));
                                }
                            }
                        }
                    }
                    v_k18_fill = ((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j]) - (v_k15_sum));
                    a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j] = v_k18_fill;
                    if (kiln_team >= KILN_PAR_MIN && kiln_team_of_many()) { k_from53 = k_t49 + k_st48; k_go52 = 1; break; }
                }
                if (k_go52) {
                    int k_terr50 = 0;
                    long long k_terr50_a[2] = {0};
                    kiln_barrier k_bar51 = {0, 0};
                    #pragma omp parallel firstprivate(v_k11_it, v_k12_len, v_k13_len, v_k14_bdim, v_k18_fill)
                    {
                        for (int64_t k_t54 = k_from53; k_t54 < k_hi47; k_t54 += k_st48) {
                            v_k11_it = k_t54;
                            #pragma omp master
                            {
                                v_u_j = v_k11_it;
                            }
                            v_k12_len = ((((((v_u_i) < (a_p_a_s1)) ? (v_u_i) : (a_p_a_s1))) > (INT64_C(0))) ? ((((v_u_i) < (a_p_a_s1)) ? (v_u_i) : (a_p_a_s1))) : (INT64_C(0)));
                            v_k13_len = ((((((v_u_i) < (a_p_a_s0)) ? (v_u_i) : (a_p_a_s0))) > (INT64_C(0))) ? ((((v_u_i) < (a_p_a_s0)) ? (v_u_i) : (a_p_a_s0))) : (INT64_C(0)));
                            if (!(((v_k12_len) == (v_k13_len)))) {
                                if (omp_get_thread_num() == 0) { k_terr50 = 1; k_terr50_a[0] = (long long)(v_k12_len); k_terr50_a[1] = (long long)(v_k13_len); }
                                break;
                            }
                            if (!(((((v_k12_len) == (v_k13_len))) || (((((v_k12_len) == (INT64_C(1)))) || (((v_k13_len) == (INT64_C(1))))))))) {
                                if (omp_get_thread_num() == 0) { k_terr50 = 2; k_terr50_a[0] = (long long)(v_k12_len); k_terr50_a[1] = (long long)(v_k13_len); }
                                break;
                            }
                            v_k14_bdim = ((((v_k12_len) == (INT64_C(1)))) ? (v_k13_len) : (v_k12_len));
                            if (((((v_k12_len) == (v_k14_bdim))) && (((v_k13_len) == (v_k14_bdim))))) {
                                #pragma omp master
                                {
                                    v_k15_sum = 0.0;
                                }
                                {
                                    const int64_t k_lo69 = INT64_C(0), k_hi70 = v_k14_bdim, k_st71 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar51);
                                        #pragma omp for schedule(static) private(v_k16_i) reduction(+:v_k15_sum)
                                        for (int64_t k_t72 = k_lo69; k_t72 < k_hi70; k_t72 += k_st71) { /* kiln loop #29 */
                                            v_k16_i = k_t72;
                                            v_k15_sum = ((v_k15_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_k16_i]) * (a_p_a_d[(v_k16_i)*(a_p_a_s1) + v_u_j]))));
                                        }
                                }
                            } else {
                                #pragma omp master
                                {
                                    v_k15_sum = 0.0;
                                }
                                {
                                    const int64_t k_lo75 = INT64_C(0), k_hi76 = v_k14_bdim, k_st77 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar51);
                                        #pragma omp for schedule(static) private(v_k17_i) reduction(+:v_k15_sum)
                                        for (int64_t k_t78 = k_lo75; k_t78 < k_hi76; k_t78 += k_st77) { /* kiln loop #32 */
                                            v_k17_i = k_t78;
                                            v_k15_sum = ((v_k15_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + ((((v_k12_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i))]) * (a_p_a_d[(((((v_k13_len) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k17_i)))*(a_p_a_s1) + v_u_j]))));
                                        }
                                }
                            }
                            v_k18_fill = ((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j]) - (v_k15_sum));
                            kiln_barrier_wait(&k_bar51);
                            #pragma omp master
                            {
                                a_p_a_d[(v_u_i)*(a_p_a_s1) + v_u_j] = v_k18_fill;
                            }
                            kiln_barrier_wait(&k_bar51);
                        }
                    }
                    kiln_team = KILN_PAR_MIN;
                    if (k_terr50 == 1) PyErr_Format(PyExc_ValueError, "matmul: mismatch in the contracted dimension (%lld is different from %lld)", k_terr50_a[0], k_terr50_a[1]);
                    if (k_terr50 == 2) PyErr_Format(PyExc_ValueError, "operands could not be broadcast together: dimension %lld vs %lld", k_terr50_a[0], k_terr50_a[1]);
                    if (k_terr50) goto kiln_fail;
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
                        const int64_t k_lo81 = INT64_C(0), k_hi82 = v_u_i, k_st83 = INT64_C(1);
                        for (int64_t k_t84 = k_lo81; k_t84 < k_hi82; k_t84 += k_st83) { /* kiln loop #20 */
                            v_k2_it = k_t84;
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
                                    const int64_t k_lo85 = INT64_C(0), k_hi86 = v_k5_bdim, k_st87 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar6);
                                        #pragma omp for schedule(static) private(v_k7_i) reduction(+:v_k6_sum)
                                        for (int64_t k_t88 = k_lo85; k_t88 < k_hi86; k_t88 += k_st87) { /* kiln loop #11 */
                                            v_k7_i = k_t88;
                                            v_k6_sum = ((v_k6_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_k7_i]) * (a_p_a_d[(v_k7_i)*(a_p_a_s1) + v_u_j]))));
                                        }
                                }
                            } else {
                                #pragma omp master
                                {
                                    v_k6_sum = 0.0;
                                }
                                {
                                    const int64_t k_lo91 = INT64_C(0), k_hi92 = v_k5_bdim, k_st93 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar6);
                                        #pragma omp for schedule(static) private(v_k8_i) reduction(+:v_k6_sum)
                                        for (int64_t k_t94 = k_lo91; k_t94 < k_hi92; k_t94 += k_st93) { /* kiln loop #14 */
                                            v_k8_i = k_t94;
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
                        const int64_t k_lo97 = v_u_i, k_hi98 = v_u_n, k_st99 = INT64_C(1);
                        for (int64_t k_t100 = k_lo97; k_t100 < k_hi98; k_t100 += k_st99) { /* kiln loop #36 */
                            v_k11_it = k_t100;
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
                                    const int64_t k_lo101 = INT64_C(0), k_hi102 = v_k14_bdim, k_st103 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar6);
                                        #pragma omp for schedule(static) private(v_k16_i) reduction(+:v_k15_sum)
                                        for (int64_t k_t104 = k_lo101; k_t104 < k_hi102; k_t104 += k_st103) { /* kiln loop #29 */
                                            v_k16_i = k_t104;
                                            v_k15_sum = ((v_k15_sum) + (((a_p_a_d[(v_u_i)*(a_p_a_s1) + v_k16_i]) * (a_p_a_d[(v_k16_i)*(a_p_a_s1) + v_u_j]))));
                                        }
                                }
                            } else {
                                #pragma omp master
                                {
                                    v_k15_sum = 0.0;
                                }
                                {
                                    const int64_t k_lo107 = INT64_C(0), k_hi108 = v_k14_bdim, k_st109 = INT64_C(1);
                                    kiln_barrier_wait(&k_bar6);
                                        #pragma omp for schedule(static) private(v_k17_i) reduction(+:v_k15_sum)
                                        for (int64_t k_t110 = k_lo107; k_t110 < k_hi108; k_t110 += k_st109) { /* kiln loop #32 */
                                            v_k17_i = k_t110;
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

