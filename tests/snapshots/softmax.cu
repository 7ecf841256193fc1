// r_32_1000: GROUP(128) ROW 
extern "C" __global__ void __launch_bounds__(128) r_32_1000(float* __restrict__ p0, const float* __restrict__ p1) {
  __shared__ __align__(16) float l0[4];
  __shared__ __align__(16) float l1[4];
  float v2 = (-INFINITY);
  for (int64_t v3 = 0; v3 < 7; v3++) {
    int64_t v5 = (((int64_t)blockIdx.x) * 1000LL);
    int64_t v6 = (((int64_t)threadIdx.x) + v5);
    int64_t v8 = (v3 * 128LL);
    int64_t v9 = (v6 + v8);
    float v10 = p1[v9];
    float v11 = ingot_maxf(v2, v10);
    v2 = v11;
  }
  int64_t v15 = (((int64_t)threadIdx.x) + 896LL);
  uint8_t v17 = (v15 < 1000LL);
  if (v17) {
    int64_t v19 = (((int64_t)blockIdx.x) * 1000LL);
    int64_t v20 = (((int64_t)threadIdx.x) + v19);
    int64_t v21 = (v20 + 896LL);
    float v22 = p1[v21];
    float v23 = ingot_maxf(v2, v22);
    v2 = v23;
  }
  float v27 = __shfl_down_sync(0xffffffffu, v2, 16);
  float v28 = ingot_maxf(v2, v27);
  float v29 = __shfl_down_sync(0xffffffffu, v28, 8);
  float v30 = ingot_maxf(v28, v29);
  float v31 = __shfl_down_sync(0xffffffffu, v30, 4);
  float v32 = ingot_maxf(v30, v31);
  float v33 = __shfl_down_sync(0xffffffffu, v32, 2);
  float v34 = ingot_maxf(v32, v33);
  float v35 = __shfl_down_sync(0xffffffffu, v34, 1);
  float v36 = ingot_maxf(v34, v35);
  int64_t v38 = (((int64_t)threadIdx.x) % 32LL);
  uint8_t v40 = (v38 == 0LL);
  if (v40) {
    int64_t v42 = (((int64_t)threadIdx.x) / 32LL);
    l0[v42] = v36;
  }
  __syncthreads();
  uint8_t v46 = (((int64_t)threadIdx.x) < 32LL);
  if (v46) {
    uint8_t v49 = (((int64_t)threadIdx.x) < 4LL);
    float v50 = (v49 ? l0[((int64_t)threadIdx.x)] : 0);
    float v51 = __shfl_down_sync(0xffffffffu, v50, 2);
    float v52 = ingot_maxf(v50, v51);
    float v53 = __shfl_down_sync(0xffffffffu, v52, 1);
    float v54 = ingot_maxf(v52, v53);
    uint8_t v55 = (((int64_t)threadIdx.x) == 0LL);
    if (v55) {
      l0[0LL] = v54;
    }
  }
  __syncthreads();
  float v61 = l0[0LL];
  float v62 = 0x0p+0f;
  for (int64_t v63 = 0; v63 < 7; v63++) {
    int64_t v64 = (((int64_t)blockIdx.x) * 1000LL);
    int64_t v65 = (((int64_t)threadIdx.x) + v64);
    int64_t v67 = (v63 * 128LL);
    int64_t v68 = (v65 + v67);
    float v69 = p1[v68];
    float v70 = (v69 - v61);
    float v71 = expf(v70);
    float v72 = (v62 + v71);
    v62 = v72;
  }
  if (v17) {
    int64_t v76 = (((int64_t)blockIdx.x) * 1000LL);
    int64_t v77 = (((int64_t)threadIdx.x) + v76);
    int64_t v78 = (v77 + 896LL);
    float v79 = p1[v78];
    float v80 = (v79 - v61);
    float v81 = expf(v80);
    float v82 = (v62 + v81);
    v62 = v82;
  }
  float v86 = __shfl_down_sync(0xffffffffu, v62, 16);
  float v87 = (v62 + v86);
  float v88 = __shfl_down_sync(0xffffffffu, v87, 8);
  float v89 = (v87 + v88);
  float v90 = __shfl_down_sync(0xffffffffu, v89, 4);
  float v91 = (v89 + v90);
  float v92 = __shfl_down_sync(0xffffffffu, v91, 2);
  float v93 = (v91 + v92);
  float v94 = __shfl_down_sync(0xffffffffu, v93, 1);
  float v95 = (v93 + v94);
  if (v40) {
    int64_t v97 = (((int64_t)threadIdx.x) / 32LL);
    l1[v97] = v95;
  }
  __syncthreads();
  if (v46) {
    uint8_t v103 = (((int64_t)threadIdx.x) < 4LL);
    float v104 = (v103 ? l1[((int64_t)threadIdx.x)] : 0);
    float v105 = __shfl_down_sync(0xffffffffu, v104, 2);
    float v106 = (v104 + v105);
    float v107 = __shfl_down_sync(0xffffffffu, v106, 1);
    float v108 = (v106 + v107);
    uint8_t v109 = (((int64_t)threadIdx.x) == 0LL);
    if (v109) {
      l1[0LL] = v108;
    }
  }
  __syncthreads();
  float v115 = l1[0LL];
  for (int64_t v116 = 0; v116 < 8; v116++) {
    int64_t v118 = (v116 * 128LL);
    int64_t v119 = (((int64_t)threadIdx.x) + v118);
    uint8_t v120 = (v119 < 1000LL);
    if (v120) {
      int64_t v122 = (((int64_t)blockIdx.x) * 1000LL);
      int64_t v123 = (((int64_t)threadIdx.x) + v122);
      int64_t v124 = (v123 + v118);
      float v125 = p1[v124];
      float v126 = (v125 - v61);
      float v127 = expf(v126);
      float v128 = (v127 / v115);
      p0[v124] = v128;
    }
  }
}

