
/* kiln: end of prelude */


/* kiln: masked_relax */
static PyObject* kiln_entry(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
    double* a_p_x_d = NULL;
    PyObject* a_p_x_o = NULL;
    npy_intp a_p_x_s0 = 0, a_p_x_t0 = 0;
    double v_p_tol = 0;
    double v_u_err = 0;
    double v_u_ret__0 = 0;
    int64_t v_k1_count = 0;
    int64_t v_k2_blk = 0;
    int64_t v_k3_i = 0;
    uint8_t v_k4_hits = 0;
    int64_t v_k5_bend = 0;
    double* a_k6_masked_d = NULL;
    PyObject* a_k6_masked_o = NULL;
    npy_intp a_k6_masked_s0 = 0, a_k6_masked_t0 = 0;
    int64_t v_k7_pos = 0;
    int64_t v_k8_i = 0;
    int64_t v_k9_blk = 0;
    int64_t v_k10_i = 0;
    uint8_t v_k11_hits = 0;
    int64_t v_k12_bend = 0;
    int64_t v_k13_i = 0;
    int64_t v_k14_count = 0;
    int64_t v_k15_blk = 0;
    int64_t v_k16_i = 0;
    uint8_t v_k17_hits = 0;
    int64_t v_k18_bend = 0;
    int64_t v_k19_pos = 0;
    int64_t v_k20_i = 0;
    int64_t v_k21_blk = 0;
    int64_t v_k22_i = 0;
    uint8_t v_k23_hits = 0;
    int64_t v_k24_bend = 0;
    double v_k25_max = 0;
    int64_t v_k26_i = 0;
    PyObject* kiln_result = NULL;
    int kiln_stop = 0; /* a signal handler raised: every thread leaves (kiln_poll_signals) */
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
            v_k1_count = INT64_C(0);
            {
                const int64_t k_lo2 = INT64_C(0), k_hi3 = a_p_x_s0, k_st4 = INT64_C(128);
                const int64_t k_n7 = kiln_trips(k_lo2, k_hi3, k_st4);
            kiln_poller k_poll8 = KILN_POLLER;
                for (int64_t k_k6 = 0; k_k6 < k_n7; k_k6++) { /* kiln loop #8 */
                    v_k2_blk = kiln_nth(k_lo2, k_k6, k_st4);
                    if (KILN_POLL(k_poll8, &kiln_stop)) {
                        goto kiln_fail;
                    }
                    v_k5_bend = (((((v_k2_blk) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k2_blk) + (INT64_C(128)))) : (a_p_x_s0));
                    v_k4_hits = ((uint8_t)INT64_C(0));
                    {
                        const int64_t k_lo9 = v_k2_blk, k_hi10 = v_k5_bend, k_st11 = INT64_C(1);
                        for (int64_t k_t12 = k_lo9; k_t12 < k_hi10; k_t12 += k_st11) { /* kiln loop #6 */
                            v_k3_i = k_t12;
                            v_k4_hits = ((uint8_t)((v_k4_hits) + (((uint8_t)(((a_p_x_d[v_k3_i]) > (0.5)))))));
                        }
                    }
                    v_k1_count = ((v_k1_count) + (((int64_t)(v_k4_hits))));
                }
            }
            {
                npy_intp d_[1] = {v_k1_count};
                PyObject* k_o13 = kiln_scratch_array(1, d_, NPY_FLOAT64);
                if (!k_o13) goto kiln_fail;
                Py_XDECREF(a_k6_masked_o); a_k6_masked_o = k_o13;
                a_k6_masked_d = (double*)PyArray_DATA((PyArrayObject*)k_o13);
                a_k6_masked_s0 = d_[0];
                a_k6_masked_t0 = 1;
            }
            v_k7_pos = INT64_C(0);
            {
                const int64_t k_lo14 = INT64_C(0), k_hi15 = a_p_x_s0, k_st16 = INT64_C(128);
                const int64_t k_n19 = kiln_trips(k_lo14, k_hi15, k_st16);
            kiln_poller k_poll20 = KILN_POLLER;
                for (int64_t k_k18 = 0; k_k18 < k_n19; k_k18++) { /* kiln loop #28 */
                    v_k9_blk = kiln_nth(k_lo14, k_k18, k_st16);
                    if (KILN_POLL(k_poll20, &kiln_stop)) {
                        goto kiln_fail;
                    }
                    v_k12_bend = (((((v_k9_blk) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k9_blk) + (INT64_C(128)))) : (a_p_x_s0));
                    v_k11_hits = ((uint8_t)INT64_C(0));
                    {
                        const int64_t k_lo21 = v_k9_blk, k_hi22 = v_k12_bend, k_st23 = INT64_C(1);
                        for (int64_t k_t24 = k_lo21; k_t24 < k_hi22; k_t24 += k_st23) { /* kiln loop #14 */
                            v_k10_i = k_t24;
                            v_k11_hits = ((uint8_t)((v_k11_hits) + (((uint8_t)(((a_p_x_d[v_k10_i]) > (0.5)))))));
                        }
                    }
                    if (((((int64_t)(v_k11_hits))) == (((v_k12_bend) - (v_k9_blk))))) {
                        {
                            const int64_t k_lo25 = v_k9_blk, k_hi26 = v_k12_bend, k_st27 = INT64_C(1);
                            #pragma omp simd private(v_k8_i)
                            for (int64_t k_t28 = k_lo25; k_t28 < k_hi26; k_t28 += k_st27) { /* kiln loop #23 */
                                v_k8_i = k_t28;
                                a_k6_masked_d[((v_k7_pos) + (((v_k8_i) - (v_k9_blk))))] = a_p_x_d[v_k8_i];
                            }
                        }
                        v_k7_pos = ((v_k7_pos) + (((int64_t)(v_k11_hits))));
                    } else {
                        if (((v_k11_hits) != (((uint8_t)INT64_C(0))))) {
                            if (((((v_k7_pos) + (((int64_t)(v_k11_hits))))) < (v_k1_count))) {
                                {
                                    const int64_t k_lo29 = v_k9_blk, k_hi30 = v_k12_bend, k_st31 = INT64_C(1);
                                    for (int64_t k_t32 = k_lo29; k_t32 < k_hi30; k_t32 += k_st31) { /* kiln loop #21 */
                                        v_k8_i = k_t32;
                                        a_k6_masked_d[v_k7_pos] = a_p_x_d[v_k8_i];
                                        v_k7_pos = ((v_k7_pos) + (((int64_t)(((a_p_x_d[v_k8_i]) > (0.5))))));
                                    }
                                }
                            } else {
                                {
                                    const int64_t k_lo33 = v_k9_blk, k_hi34 = v_k12_bend, k_st35 = INT64_C(1);
                                    for (int64_t k_t36 = k_lo33; k_t36 < k_hi34; k_t36 += k_st35) { /* kiln loop #18 */
                                        v_k8_i = k_t36;
                                        if (((a_p_x_d[v_k8_i]) > (0.5))) {
                                            a_k6_masked_d[v_k7_pos] = a_p_x_d[v_k8_i];
                                            v_k7_pos = ((v_k7_pos) + (INT64_C(1)));
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            {
                const int64_t k_lo37 = INT64_C(0), k_hi38 = v_k1_count, k_st39 = INT64_C(1);
                for (int64_t k_t40 = k_lo37; k_t40 < k_hi38; k_t40 += k_st39) { /* kiln loop #30 */
                    v_k13_i = k_t40;
                    a_k6_masked_d[v_k13_i] = ((a_k6_masked_d[v_k13_i]) * (0.5));
                }
            }
            v_k14_count = INT64_C(0);
            {
                const int64_t k_lo41 = INT64_C(0), k_hi42 = a_p_x_s0, k_st43 = INT64_C(128);
                const int64_t k_n46 = kiln_trips(k_lo41, k_hi42, k_st43);
            kiln_poller k_poll47 = KILN_POLLER;
                for (int64_t k_k45 = 0; k_k45 < k_n46; k_k45++) { /* kiln loop #37 */
                    v_k15_blk = kiln_nth(k_lo41, k_k45, k_st43);
                    if (KILN_POLL(k_poll47, &kiln_stop)) {
                        goto kiln_fail;
                    }
                    v_k18_bend = (((((v_k15_blk) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k15_blk) + (INT64_C(128)))) : (a_p_x_s0));
                    v_k17_hits = ((uint8_t)INT64_C(0));
                    {
                        const int64_t k_lo48 = v_k15_blk, k_hi49 = v_k18_bend, k_st50 = INT64_C(1);
                        for (int64_t k_t51 = k_lo48; k_t51 < k_hi49; k_t51 += k_st50) { /* kiln loop #35 */
                            v_k16_i = k_t51;
                            v_k17_hits = ((uint8_t)((v_k17_hits) + (((uint8_t)(((a_p_x_d[v_k16_i]) > (0.5)))))));
                        }
                    }
                    v_k14_count = ((v_k14_count) + (((int64_t)(v_k17_hits))));
                }
            }
            if (!(((((v_k1_count) == (v_k14_count))) || (((v_k1_count) == (INT64_C(1))))))) {
                PyErr_Format(PyExc_ValueError, "shape mismatch: value array could not be broadcast to indexing result (extent %lld vs %lld)", (long long)(v_k1_count), (long long)(v_k14_count));
                goto kiln_fail;
            }
            v_k19_pos = INT64_C(0);
            {
                const int64_t k_lo52 = INT64_C(0), k_hi53 = a_p_x_s0, k_st54 = INT64_C(128);
                const int64_t k_n57 = kiln_trips(k_lo52, k_hi53, k_st54);
            kiln_poller k_poll58 = KILN_POLLER;
                for (int64_t k_k56 = 0; k_k56 < k_n57; k_k56++) { /* kiln loop #53 */
                    v_k21_blk = kiln_nth(k_lo52, k_k56, k_st54);
                    if (KILN_POLL(k_poll58, &kiln_stop)) {
                        goto kiln_fail;
                    }
                    v_k24_bend = (((((v_k21_blk) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k21_blk) + (INT64_C(128)))) : (a_p_x_s0));
                    v_k23_hits = ((uint8_t)INT64_C(0));
                    {
                        const int64_t k_lo59 = v_k21_blk, k_hi60 = v_k24_bend, k_st61 = INT64_C(1);
                        for (int64_t k_t62 = k_lo59; k_t62 < k_hi60; k_t62 += k_st61) { /* kiln loop #43 */
                            v_k22_i = k_t62;
                            v_k23_hits = ((uint8_t)((v_k23_hits) + (((uint8_t)(((a_p_x_d[v_k22_i]) > (0.5)))))));
                        }
                    }
                    if (((((int64_t)(v_k23_hits))) == (((v_k24_bend) - (v_k21_blk))))) {
                        {
                            const int64_t k_lo63 = v_k21_blk, k_hi64 = v_k24_bend, k_st65 = INT64_C(1);
                            for (int64_t k_t66 = k_lo63; k_t66 < k_hi64; k_t66 += k_st65) { /* kiln loop #49 */
                                v_k20_i = k_t66;
                                a_p_x_d[v_k20_i] = a_k6_masked_d[((((v_k1_count) == (INT64_C(1)))) ? (INT64_C(0)) : (((v_k19_pos) + (((v_k20_i) - (v_k21_blk))))))];
                            }
                        }
                        v_k19_pos = ((v_k19_pos) + (((int64_t)(v_k23_hits))));
                    } else {
                        if (((v_k23_hits) != (((uint8_t)INT64_C(0))))) {
                            {
                                const int64_t k_lo67 = v_k21_blk, k_hi68 = v_k24_bend, k_st69 = INT64_C(1);
                                for (int64_t k_t70 = k_lo67; k_t70 < k_hi68; k_t70 += k_st69) { /* kiln loop #47 */
                                    v_k20_i = k_t70;
                                    if (((a_p_x_d[v_k20_i]) > (0.5))) {
                                        a_p_x_d[v_k20_i] = a_k6_masked_d[((((v_k1_count) == (INT64_C(1)))) ? (INT64_C(0)) : (v_k19_pos))];
                                        v_k19_pos = ((v_k19_pos) + (INT64_C(1)));
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
            v_k25_max = fabs(a_p_x_d[INT64_C(0)]);
            {
                const int64_t k_lo71 = INT64_C(0), k_hi72 = a_p_x_s0, k_st73 = INT64_C(1);
                #if KILN_SIMD_UDR
                #pragma omp simd reduction(kiln_max_f64:v_k25_max)
                #endif
                for (int64_t k_t74 = k_lo71; k_t74 < k_hi72; k_t74 += k_st73) { /* kiln loop #57 */
                    v_k26_i = k_t74;
                    v_k25_max = kiln_max_f64(v_k25_max, fabs(a_p_x_d[v_k26_i]));
                }
            }
            v_u_err = v_k25_max;
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
    Py_XDECREF(a_k6_masked_o);
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

