


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
    while (((v_u_err) > (v_p_tol))) {
        if (kiln_poll_signals(&kiln_stop)) {
            goto kiln_fail;
        }
        v_k1_count = INT64_C(0);
        {
            const int64_t k_lo1 = INT64_C(0), k_hi2 = a_p_x_s0, k_st3 = INT64_C(128);
            const int64_t k_n6 = kiln_trips(k_lo1, k_hi2, k_st3);
            for (int64_t k_k5 = 0; k_k5 < k_n6; k_k5++) { /* kiln loop #8 */
                v_k2_blk = kiln_nth(k_lo1, k_k5, k_st3);
                if (kiln_poll_signals(&kiln_stop)) {
                    goto kiln_fail;
                }
                v_k5_bend = (((((v_k2_blk) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k2_blk) + (INT64_C(128)))) : (a_p_x_s0));
                v_k4_hits = ((uint8_t)INT64_C(0));
                {
                    const int64_t k_lo7 = v_k2_blk, k_hi8 = v_k5_bend, k_st9 = INT64_C(1);
                    for (int64_t k_t10 = k_lo7; k_t10 < k_hi8; k_t10 += k_st9) { /* kiln loop #6 */
                        v_k3_i = k_t10;
                        v_k4_hits = ((uint8_t)((v_k4_hits) + (((uint8_t)(((a_p_x_d[v_k3_i]) > (0.5)))))));
                    }
                }
                v_k1_count = ((v_k1_count) + (((int64_t)(v_k4_hits))));
            }
        }
        {
            npy_intp d_[1] = {v_k1_count};
            PyObject* k_o11 = kiln_scratch_array(1, d_, NPY_FLOAT64);
            if (!k_o11) goto kiln_fail;
            Py_XDECREF(a_k6_masked_o); a_k6_masked_o = k_o11;
            a_k6_masked_d = (double*)PyArray_DATA((PyArrayObject*)k_o11);
            a_k6_masked_s0 = d_[0];
            a_k6_masked_t0 = 1;
        }
        v_k7_pos = INT64_C(0);
        {
            const int64_t k_lo12 = INT64_C(0), k_hi13 = a_p_x_s0, k_st14 = INT64_C(128);
            const int64_t k_n17 = kiln_trips(k_lo12, k_hi13, k_st14);
            for (int64_t k_k16 = 0; k_k16 < k_n17; k_k16++) { /* kiln loop #28 */
                v_k9_blk = kiln_nth(k_lo12, k_k16, k_st14);
                if (kiln_poll_signals(&kiln_stop)) {
                    goto kiln_fail;
                }
                v_k12_bend = (((((v_k9_blk) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k9_blk) + (INT64_C(128)))) : (a_p_x_s0));
                v_k11_hits = ((uint8_t)INT64_C(0));
                {
                    const int64_t k_lo18 = v_k9_blk, k_hi19 = v_k12_bend, k_st20 = INT64_C(1);
                    for (int64_t k_t21 = k_lo18; k_t21 < k_hi19; k_t21 += k_st20) { /* kiln loop #14 */
                        v_k10_i = k_t21;
                        v_k11_hits = ((uint8_t)((v_k11_hits) + (((uint8_t)(((a_p_x_d[v_k10_i]) > (0.5)))))));
                    }
                }
                if (((((int64_t)(v_k11_hits))) == (((v_k12_bend) - (v_k9_blk))))) {
                    {
                        const int64_t k_lo22 = v_k9_blk, k_hi23 = v_k12_bend, k_st24 = INT64_C(1);
                        #pragma omp simd private(v_k8_i)
                        for (int64_t k_t25 = k_lo22; k_t25 < k_hi23; k_t25 += k_st24) { /* kiln loop #23 */
                            v_k8_i = k_t25;
                            a_k6_masked_d[((v_k7_pos) + (((v_k8_i) - (v_k9_blk))))] = a_p_x_d[v_k8_i];
                        }
                    }
                    v_k7_pos = ((v_k7_pos) + (((int64_t)(v_k11_hits))));
                } else {
                    if (((v_k11_hits) != (((uint8_t)INT64_C(0))))) {
                        if (((((v_k7_pos) + (((int64_t)(v_k11_hits))))) < (v_k1_count))) {
                            {
                                const int64_t k_lo26 = v_k9_blk, k_hi27 = v_k12_bend, k_st28 = INT64_C(1);
                                for (int64_t k_t29 = k_lo26; k_t29 < k_hi27; k_t29 += k_st28) { /* kiln loop #21 */
                                    v_k8_i = k_t29;
                                    a_k6_masked_d[v_k7_pos] = a_p_x_d[v_k8_i];
                                    v_k7_pos = ((v_k7_pos) + (((int64_t)(((a_p_x_d[v_k8_i]) > (0.5))))));
                                }
                            }
                        } else {
                            {
                                const int64_t k_lo30 = v_k9_blk, k_hi31 = v_k12_bend, k_st32 = INT64_C(1);
                                for (int64_t k_t33 = k_lo30; k_t33 < k_hi31; k_t33 += k_st32) { /* kiln loop #18 */
                                    v_k8_i = k_t33;
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
            const int64_t k_lo34 = INT64_C(0), k_hi35 = v_k1_count, k_st36 = INT64_C(1);
            for (int64_t k_t37 = k_lo34; k_t37 < k_hi35; k_t37 += k_st36) { /* kiln loop #30 */
                v_k13_i = k_t37;
                a_k6_masked_d[v_k13_i] = ((a_k6_masked_d[v_k13_i]) * (0.5));
            }
        }
        v_k14_count = INT64_C(0);
        {
            const int64_t k_lo38 = INT64_C(0), k_hi39 = a_p_x_s0, k_st40 = INT64_C(128);
            const int64_t k_n43 = kiln_trips(k_lo38, k_hi39, k_st40);
            for (int64_t k_k42 = 0; k_k42 < k_n43; k_k42++) { /* kiln loop #37 */
                v_k15_blk = kiln_nth(k_lo38, k_k42, k_st40);
                if (kiln_poll_signals(&kiln_stop)) {
                    goto kiln_fail;
                }
                v_k18_bend = (((((v_k15_blk) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k15_blk) + (INT64_C(128)))) : (a_p_x_s0));
                v_k17_hits = ((uint8_t)INT64_C(0));
                {
                    const int64_t k_lo44 = v_k15_blk, k_hi45 = v_k18_bend, k_st46 = INT64_C(1);
                    for (int64_t k_t47 = k_lo44; k_t47 < k_hi45; k_t47 += k_st46) { /* kiln loop #35 */
                        v_k16_i = k_t47;
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
            const int64_t k_lo48 = INT64_C(0), k_hi49 = a_p_x_s0, k_st50 = INT64_C(128);
            const int64_t k_n53 = kiln_trips(k_lo48, k_hi49, k_st50);
            for (int64_t k_k52 = 0; k_k52 < k_n53; k_k52++) { /* kiln loop #53 */
                v_k21_blk = kiln_nth(k_lo48, k_k52, k_st50);
                if (kiln_poll_signals(&kiln_stop)) {
                    goto kiln_fail;
                }
                v_k24_bend = (((((v_k21_blk) + (INT64_C(128)))) < (a_p_x_s0)) ? (((v_k21_blk) + (INT64_C(128)))) : (a_p_x_s0));
                v_k23_hits = ((uint8_t)INT64_C(0));
                {
                    const int64_t k_lo54 = v_k21_blk, k_hi55 = v_k24_bend, k_st56 = INT64_C(1);
                    for (int64_t k_t57 = k_lo54; k_t57 < k_hi55; k_t57 += k_st56) { /* kiln loop #43 */
                        v_k22_i = k_t57;
                        v_k23_hits = ((uint8_t)((v_k23_hits) + (((uint8_t)(((a_p_x_d[v_k22_i]) > (0.5)))))));
                    }
                }
                if (((((int64_t)(v_k23_hits))) == (((v_k24_bend) - (v_k21_blk))))) {
                    {
                        const int64_t k_lo58 = v_k21_blk, k_hi59 = v_k24_bend, k_st60 = INT64_C(1);
                        for (int64_t k_t61 = k_lo58; k_t61 < k_hi59; k_t61 += k_st60) { /* kiln loop #49 */
                            v_k20_i = k_t61;
                            a_p_x_d[v_k20_i] = a_k6_masked_d[((((v_k1_count) == (INT64_C(1)))) ? (INT64_C(0)) : (((v_k19_pos) + (((v_k20_i) - (v_k21_blk))))))];
                        }
                    }
                    v_k19_pos = ((v_k19_pos) + (((int64_t)(v_k23_hits))));
                } else {
                    if (((v_k23_hits) != (((uint8_t)INT64_C(0))))) {
                        {
                            const int64_t k_lo62 = v_k21_blk, k_hi63 = v_k24_bend, k_st64 = INT64_C(1);
                            for (int64_t k_t65 = k_lo62; k_t65 < k_hi63; k_t65 += k_st64) { /* kiln loop #47 */
                                v_k20_i = k_t65;
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
            const int64_t k_lo66 = INT64_C(0), k_hi67 = a_p_x_s0, k_st68 = INT64_C(1);
            #if KILN_SIMD_UDR
            #pragma omp simd reduction(kiln_max_f64:v_k25_max)
            #endif
            for (int64_t k_t69 = k_lo66; k_t69 < k_hi67; k_t69 += k_st68) { /* kiln loop #57 */
                v_k26_i = k_t69;
                v_k25_max = kiln_max_f64(v_k25_max, fabs(a_p_x_d[v_k26_i]));
            }
        }
        v_u_err = v_k25_max;
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

