// r_32_1000: GROUP(128) ROW 
extern "C" __global__ void __launch_bounds__(128) r_32_1000(float* __restrict__ p0, const float* __restrict__ p1) {
  __shared__ __align__(16) float l0[4];
  __shared__ __align__(16) float l1[4];
  float v2 = (-INFINITY);
  int64_t v4 = (((int64_t)blockIdx.x) * 1000LL);
  int64_t v5 = (((int64_t)threadIdx.x) + v4);
  float v6 = p1[v5];
  float v7 = ingot_maxf(v2, v6);
  v2 = v7;
  int64_t v10 = (v5 + 128LL);
  float v11 = p1[v10];
  float v12 = ingot_maxf(v2, v11);
  v2 = v12;
  int64_t v15 = (v5 + 256LL);
  float v16 = p1[v15];
  float v17 = ingot_maxf(v2, v16);
  v2 = v17;
  int64_t v20 = (v5 + 384LL);
  float v21 = p1[v20];
  float v22 = ingot_maxf(v2, v21);
  v2 = v22;
  int64_t v25 = (v5 + 512LL);
  float v26 = p1[v25];
  float v27 = ingot_maxf(v2, v26);
  v2 = v27;
  int64_t v30 = (v5 + 640LL);
  float v31 = p1[v30];
  float v32 = ingot_maxf(v2, v31);
  v2 = v32;
  int64_t v35 = (v5 + 768LL);
  float v36 = p1[v35];
  float v37 = ingot_maxf(v2, v36);
  v2 = v37;
  int64_t v40 = (((int64_t)threadIdx.x) + 896LL);
  uint8_t v41 = (v40 < 1000LL);
  if (v41) {
    int64_t v43 = (v5 + 896LL);
    float v44 = p1[v43];
    float v45 = ingot_maxf(v2, v44);
    v2 = v45;
  }
  float v49 = __shfl_down_sync(0xffffffffu, v2, 16);
  float v50 = ingot_maxf(v2, v49);
  float v51 = __shfl_down_sync(0xffffffffu, v50, 8);
  float v52 = ingot_maxf(v50, v51);
  float v53 = __shfl_down_sync(0xffffffffu, v52, 4);
  float v54 = ingot_maxf(v52, v53);
  float v55 = __shfl_down_sync(0xffffffffu, v54, 2);
  float v56 = ingot_maxf(v54, v55);
  float v57 = __shfl_down_sync(0xffffffffu, v56, 1);
  float v58 = ingot_maxf(v56, v57);
  int64_t v60 = (((int64_t)threadIdx.x) % 32LL);
  uint8_t v62 = (v60 == 0LL);
  if (v62) {
    int64_t v64 = (((int64_t)threadIdx.x) / 32LL);
    l0[v64] = v58;
  }
  __syncthreads();
  uint8_t v68 = (((int64_t)threadIdx.x) < 32LL);
  if (v68) {
    uint8_t v71 = (((int64_t)threadIdx.x) < 4LL);
    float v72 = (v71 ? l0[((int64_t)threadIdx.x)] : 0);
    float v73 = __shfl_down_sync(0xffffffffu, v72, 2);
    float v74 = ingot_maxf(v72, v73);
    float v75 = __shfl_down_sync(0xffffffffu, v74, 1);
    float v76 = ingot_maxf(v74, v75);
    uint8_t v77 = (((int64_t)threadIdx.x) == 0LL);
    if (v77) {
      l0[0LL] = v76;
    }
  }
  __syncthreads();
  float v83 = l0[0LL];
  float v84 = 0x0p+0f;
  float v85 = (v6 - v83);
  float v86 = expf(v85);
  float v87 = (v84 + v86);
  v84 = v87;
  float v89 = (v11 - v83);
  float v90 = expf(v89);
  float v91 = (v84 + v90);
  v84 = v91;
  float v93 = (v16 - v83);
  float v94 = expf(v93);
  float v95 = (v84 + v94);
  v84 = v95;
  float v97 = (v21 - v83);
  float v98 = expf(v97);
  float v99 = (v84 + v98);
  v84 = v99;
  float v101 = (v26 - v83);
  float v102 = expf(v101);
  float v103 = (v84 + v102);
  v84 = v103;
  float v105 = (v31 - v83);
  float v106 = expf(v105);
  float v107 = (v84 + v106);
  v84 = v107;
  float v109 = (v36 - v83);
  float v110 = expf(v109);
  float v111 = (v84 + v110);
  v84 = v111;
  if (v41) {
    int64_t v114 = (v5 + 896LL);
    float v115 = p1[v114];
    float v116 = (v115 - v83);
    float v117 = expf(v116);
    float v118 = (v84 + v117);
    v84 = v118;
  }
  float v122 = __shfl_down_sync(0xffffffffu, v84, 16);
  float v123 = (v84 + v122);
  float v124 = __shfl_down_sync(0xffffffffu, v123, 8);
  float v125 = (v123 + v124);
  float v126 = __shfl_down_sync(0xffffffffu, v125, 4);
  float v127 = (v125 + v126);
  float v128 = __shfl_down_sync(0xffffffffu, v127, 2);
  float v129 = (v127 + v128);
  float v130 = __shfl_down_sync(0xffffffffu, v129, 1);
  float v131 = (v129 + v130);
  if (v62) {
    int64_t v133 = (((int64_t)threadIdx.x) / 32LL);
    l1[v133] = v131;
  }
  __syncthreads();
  if (v68) {
    uint8_t v139 = (((int64_t)threadIdx.x) < 4LL);
    float v140 = (v139 ? l1[((int64_t)threadIdx.x)] : 0);
    float v141 = __shfl_down_sync(0xffffffffu, v140, 2);
    float v142 = (v140 + v141);
    float v143 = __shfl_down_sync(0xffffffffu, v142, 1);
    float v144 = (v142 + v143);
    uint8_t v145 = (((int64_t)threadIdx.x) == 0LL);
    if (v145) {
      l1[0LL] = v144;
    }
  }
  __syncthreads();
  float v151 = l1[0LL];
  float v152 = (v86 / v151);
  p0[v5] = v152;
  float v154 = (v90 / v151);
  p0[v10] = v154;
  float v156 = (v94 / v151);
  p0[v15] = v156;
  float v158 = (v98 / v151);
  p0[v20] = v158;
  float v160 = (v102 / v151);
  p0[v25] = v160;
  float v162 = (v106 / v151);
  p0[v30] = v162;
  float v164 = (v110 / v151);
  p0[v35] = v164;
  if (v41) {
    int64_t v167 = (v5 + 896LL);
    float v168 = p1[v167];
    float v169 = (v168 - v83);
    float v170 = expf(v169);
    float v171 = (v170 / v151);
    p0[v167] = v171;
  }
}

