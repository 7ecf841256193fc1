// r_32_1000: GROUP(256) ROW 
extern "C" __global__ void __launch_bounds__(256) r_32_1000(float* __restrict__ p0, const float* __restrict__ p1) {
  __shared__ __align__(16) float l0[8];
  __shared__ __align__(16) float l1[8];
  float v2 = (-INFINITY);
  for (int64_t v3 = 0; v3 < 3; v3++) {
    int64_t v5 = (((int64_t)blockIdx.x) * 1000LL);
    int64_t v6 = (((int64_t)threadIdx.x) + v5);
    int64_t v8 = (v3 * 256LL);
    int64_t v9 = (v6 + v8);
    float v10 = p1[v9];
    float v11 = ingot_maxf(v2, v10);
    v2 = v11;
  }
  int64_t v15 = (((int64_t)threadIdx.x) + 768LL);
  uint8_t v17 = (v15 < 1000LL);
  if (v17) {
    int64_t v19 = (((int64_t)blockIdx.x) * 1000LL);
    int64_t v20 = (((int64_t)threadIdx.x) + v19);
    int64_t v21 = (v20 + 768LL);
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
    uint8_t v49 = (((int64_t)threadIdx.x) < 8LL);
    float v50 = (v49 ? l0[((int64_t)threadIdx.x)] : 0);
    float v51 = __shfl_down_sync(0xffffffffu, v50, 4);
    float v52 = ingot_maxf(v50, v51);
    float v53 = __shfl_down_sync(0xffffffffu, v52, 2);
    float v54 = ingot_maxf(v52, v53);
    float v55 = __shfl_down_sync(0xffffffffu, v54, 1);
    float v56 = ingot_maxf(v54, v55);
    uint8_t v57 = (((int64_t)threadIdx.x) == 0LL);
    if (v57) {
      l0[0LL] = v56;
    }
  }
  __syncthreads();
  float v63 = l0[0LL];
  float v64 = 0x0p+0f;
  for (int64_t v65 = 0; v65 < 3; v65++) {
    int64_t v66 = (((int64_t)blockIdx.x) * 1000LL);
    int64_t v67 = (((int64_t)threadIdx.x) + v66);
    int64_t v69 = (v65 * 256LL);
    int64_t v70 = (v67 + v69);
    float v71 = p1[v70];
    float v72 = (v71 - v63);
    float v73 = expf(v72);
    float v74 = (v64 + v73);
    v64 = v74;
  }
  if (v17) {
    int64_t v78 = (((int64_t)blockIdx.x) * 1000LL);
    int64_t v79 = (((int64_t)threadIdx.x) + v78);
    int64_t v80 = (v79 + 768LL);
    float v81 = p1[v80];
    float v82 = (v81 - v63);
    float v83 = expf(v82);
    float v84 = (v64 + v83);
    v64 = v84;
  }
  float v88 = __shfl_down_sync(0xffffffffu, v64, 16);
  float v89 = (v64 + v88);
  float v90 = __shfl_down_sync(0xffffffffu, v89, 8);
  float v91 = (v89 + v90);
  float v92 = __shfl_down_sync(0xffffffffu, v91, 4);
  float v93 = (v91 + v92);
  float v94 = __shfl_down_sync(0xffffffffu, v93, 2);
  float v95 = (v93 + v94);
  float v96 = __shfl_down_sync(0xffffffffu, v95, 1);
  float v97 = (v95 + v96);
  if (v40) {
    int64_t v99 = (((int64_t)threadIdx.x) / 32LL);
    l1[v99] = v97;
  }
  __syncthreads();
  if (v46) {
    uint8_t v105 = (((int64_t)threadIdx.x) < 8LL);
    float v106 = (v105 ? l1[((int64_t)threadIdx.x)] : 0);
    float v107 = __shfl_down_sync(0xffffffffu, v106, 4);
    float v108 = (v106 + v107);
    float v109 = __shfl_down_sync(0xffffffffu, v108, 2);
    float v110 = (v108 + v109);
    float v111 = __shfl_down_sync(0xffffffffu, v110, 1);
    float v112 = (v110 + v111);
    uint8_t v113 = (((int64_t)threadIdx.x) == 0LL);
    if (v113) {
      l1[0LL] = v112;
    }
  }
  __syncthreads();
  float v119 = l1[0LL];
  for (int64_t v120 = 0; v120 < 4; v120++) {
    int64_t v122 = (v120 * 256LL);
    int64_t v123 = (((int64_t)threadIdx.x) + v122);
    uint8_t v124 = (v123 < 1000LL);
    if (v124) {
      int64_t v126 = (((int64_t)blockIdx.x) * 1000LL);
      int64_t v127 = (((int64_t)threadIdx.x) + v126);
      int64_t v128 = (v127 + v122);
      float v129 = p1[v128];
      float v130 = (v129 - v63);
      float v131 = expf(v130);
      float v132 = (v131 / v119);
      p0[v128] = v132;
    }
  }
}

