// r_4096_63_16_1: LOCAL(256) UPCAST(axis2,8) 
extern "C" __global__ void __launch_bounds__(256) r_4096_63_16_1(float* __restrict__ p0, const float* __restrict__ p1) {
  float v1 = 0x0p+0f;
  float v2 = 0x0p+0f;
  float v3 = 0x0p+0f;
  float v4 = 0x0p+0f;
  float v5 = 0x0p+0f;
  float v6 = 0x0p+0f;
  float v7 = 0x0p+0f;
  float v8 = 0x0p+0f;
  for (int64_t v9 = 0; v9 < 16; v9++) {
    int32_t v10 = (int32_t)(v9);
    int64_t v12 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) % 2LL);
    int64_t v14 = (v12 * 8LL);
    int32_t v15 = (int32_t)(v14);
    int32_t v17 = (v15 + ((int32_t)1LL));
    uint8_t v18 = (v10 < v17);
    int64_t v19 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / 2LL);
    int64_t v21 = (v19 % 63LL);
    int64_t v23 = (v21 * 16LL);
    int64_t v25 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / 126LL);
    int64_t v27 = (v25 * 1000LL);
    int64_t v28 = (v23 + v27);
    int64_t v29 = (v28 + v9);
    int64_t v30 = (v23 + v9);
    uint8_t v31 = (v30 < 1000LL);
    float v32 = (v31 ? p1[v29] : 0);
    float v34 = (v31 ? v32 : 0x0p+0f);
    float v35 = (v18 ? v34 : 0x0p+0f);
    float v36 = (v1 + v35);
    v1 = v36;
    int64_t v39 = (v14 + 1LL);
    int32_t v40 = (int32_t)(v39);
    int32_t v41 = (v40 + ((int32_t)1LL));
    uint8_t v42 = (v10 < v41);
    float v43 = (v42 ? v34 : 0x0p+0f);
    float v44 = (v2 + v43);
    v2 = v44;
    int64_t v46 = (v14 + 2LL);
    int32_t v47 = (int32_t)(v46);
    int32_t v48 = (v47 + ((int32_t)1LL));
    uint8_t v49 = (v10 < v48);
    float v50 = (v49 ? v34 : 0x0p+0f);
    float v51 = (v3 + v50);
    v3 = v51;
    int64_t v54 = (v14 + 3LL);
    int32_t v55 = (int32_t)(v54);
    int32_t v56 = (v55 + ((int32_t)1LL));
    uint8_t v57 = (v10 < v56);
    float v58 = (v57 ? v34 : 0x0p+0f);
    float v59 = (v4 + v58);
    v4 = v59;
    int64_t v62 = (v14 + 4LL);
    int32_t v63 = (int32_t)(v62);
    int32_t v64 = (v63 + ((int32_t)1LL));
    uint8_t v65 = (v10 < v64);
    float v66 = (v65 ? v34 : 0x0p+0f);
    float v67 = (v5 + v66);
    v5 = v67;
    int64_t v70 = (v14 + 5LL);
    int32_t v71 = (int32_t)(v70);
    int32_t v72 = (v71 + ((int32_t)1LL));
    uint8_t v73 = (v10 < v72);
    float v74 = (v73 ? v34 : 0x0p+0f);
    float v75 = (v6 + v74);
    v6 = v75;
    int64_t v78 = (v14 + 6LL);
    int32_t v79 = (int32_t)(v78);
    int32_t v80 = (v79 + ((int32_t)1LL));
    uint8_t v81 = (v10 < v80);
    float v82 = (v81 ? v34 : 0x0p+0f);
    float v83 = (v7 + v82);
    v7 = v83;
    int64_t v86 = (v14 + 7LL);
    int32_t v87 = (int32_t)(v86);
    int32_t v88 = (v87 + ((int32_t)1LL));
    uint8_t v89 = (v10 < v88);
    float v90 = (v89 ? v34 : 0x0p+0f);
    float v91 = (v8 + v90);
    v8 = v91;
  }
  int64_t v95 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) * 8LL);
  p0[v95] = v1;
  int64_t v98 = (v95 + 1LL);
  p0[v98] = v2;
  int64_t v101 = (v95 + 2LL);
  p0[v101] = v3;
  int64_t v104 = (v95 + 3LL);
  p0[v104] = v4;
  int64_t v107 = (v95 + 4LL);
  p0[v107] = v5;
  int64_t v110 = (v95 + 5LL);
  p0[v110] = v6;
  int64_t v113 = (v95 + 6LL);
  p0[v113] = v7;
  int64_t v116 = (v95 + 7LL);
  p0[v116] = v8;
}

// r_4096_63_1: LOCAL(256) 
extern "C" __global__ void __launch_bounds__(256) r_4096_63_1(float* __restrict__ p0, const float* __restrict__ p1) {
  float v1 = 0x0p+0f;
  for (int64_t v2 = 0; v2 < 63; v2++) {
    int32_t v3 = (int32_t)(v2);
    int64_t v5 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) % 63LL);
    int32_t v6 = (int32_t)(v5);
    int32_t v8 = (v6 + ((int32_t)1LL));
    uint8_t v9 = (v3 < v8);
    int64_t v10 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / 63LL);
    int64_t v12 = (v10 * 1008LL);
    int64_t v14 = (v2 * 16LL);
    int64_t v15 = (v12 + v14);
    int64_t v17 = (v15 + 15LL);
    float v18 = p1[v17];
    float v20 = (v9 ? v18 : 0x0p+0f);
    float v21 = (v1 + v20);
    v1 = v21;
  }
  p0[((int64_t)blockIdx.x * blockDim.x + threadIdx.x)] = v1;
}

// E_4096_63_16: LOCAL(256) UPCAST(out,4) 
extern "C" __global__ void __launch_bounds__(256) E_4096_63_16(float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ p2) {
  int64_t v2 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) * 4LL);
  ingot_vec<float, 4> v3 = (*(const ingot_vec<float, 4>*)(p1 + v2));
  int64_t v4 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / 4LL);
  int64_t v6 = (v4 % 63LL);
  int64_t v8 = (v6 + 62LL);
  int64_t v9 = (v8 / 63LL);
  int64_t v11 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) / 252LL);
  int64_t v12 = (v9 + v11);
  int64_t v14 = (v12 + 4095LL);
  int64_t v16 = (v14 % 4096LL);
  int64_t v17 = (v16 * 63LL);
  int64_t v18 = (v8 % 63LL);
  int64_t v19 = (v17 + v18);
  int64_t v21 = (v6 * (-1LL));
  int64_t v23 = (v21 + 1LL);
  uint8_t v24 = (v23 < 1LL);
  float v25 = (v24 ? p2[v19] : 0);
  float v27 = (v24 ? v25 : 0x0p+0f);
  ingot_vec<float, 4> v28 = ingot_splat<ingot_vec<float, 4>>(v27);
  ingot_vec<float, 4> v29 = (v3 + v28);
  *(ingot_vec<float, 4>*)(p0 + v2) = v29;
}

