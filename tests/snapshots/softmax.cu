// r_32_1: GROUP(256) 
extern "C" __global__ void __launch_bounds__(256) r_32_1(float* __restrict__ p0, const float* __restrict__ p1) {
  __shared__ float l0[256];
  float v2 = (-INFINITY);
  for (int64_t v3 = 0; v3 < 4; v3++) {
    int64_t v5 = (((int64_t)blockIdx.x) * 1000LL);
    int64_t v6 = (((int64_t)threadIdx.x) + v5);
    int64_t v8 = (v3 * 256LL);
    int64_t v9 = (v6 + v8);
    int64_t v10 = (((int64_t)threadIdx.x) + v8);
    uint8_t v11 = (v10 < 1000LL);
    float v12 = (v11 ? p1[v9] : 0);
    float v14 = (v11 ? v12 : (-INFINITY));
    float v15 = ingot_maxf(v2, v14);
    v2 = v15;
  }
  l0[((int64_t)threadIdx.x)] = v2;
  __syncthreads();
  uint8_t v22 = (((int64_t)threadIdx.x) < 128LL);
  if (v22) {
    float v24 = l0[((int64_t)threadIdx.x)];
    int64_t v25 = (((int64_t)threadIdx.x) + 128LL);
    float v26 = l0[v25];
    float v27 = ingot_maxf(v24, v26);
    l0[((int64_t)threadIdx.x)] = v27;
  }
  __syncthreads();
  uint8_t v32 = (((int64_t)threadIdx.x) < 64LL);
  if (v32) {
    float v34 = l0[((int64_t)threadIdx.x)];
    int64_t v35 = (((int64_t)threadIdx.x) + 64LL);
    float v36 = l0[v35];
    float v37 = ingot_maxf(v34, v36);
    l0[((int64_t)threadIdx.x)] = v37;
  }
  __syncthreads();
  uint8_t v42 = (((int64_t)threadIdx.x) < 32LL);
  if (v42) {
    float v44 = l0[((int64_t)threadIdx.x)];
    int64_t v45 = (((int64_t)threadIdx.x) + 32LL);
    float v46 = l0[v45];
    float v47 = ingot_maxf(v44, v46);
    l0[((int64_t)threadIdx.x)] = v47;
  }
  __syncthreads();
  uint8_t v52 = (((int64_t)threadIdx.x) < 16LL);
  if (v52) {
    float v54 = l0[((int64_t)threadIdx.x)];
    int64_t v55 = (((int64_t)threadIdx.x) + 16LL);
    float v56 = l0[v55];
    float v57 = ingot_maxf(v54, v56);
    l0[((int64_t)threadIdx.x)] = v57;
  }
  __syncthreads();
  uint8_t v62 = (((int64_t)threadIdx.x) < 8LL);
  if (v62) {
    float v64 = l0[((int64_t)threadIdx.x)];
    int64_t v65 = (((int64_t)threadIdx.x) + 8LL);
    float v66 = l0[v65];
    float v67 = ingot_maxf(v64, v66);
    l0[((int64_t)threadIdx.x)] = v67;
  }
  __syncthreads();
  uint8_t v72 = (((int64_t)threadIdx.x) < 4LL);
  if (v72) {
    float v74 = l0[((int64_t)threadIdx.x)];
    int64_t v75 = (((int64_t)threadIdx.x) + 4LL);
    float v76 = l0[v75];
    float v77 = ingot_maxf(v74, v76);
    l0[((int64_t)threadIdx.x)] = v77;
  }
  __syncthreads();
  uint8_t v82 = (((int64_t)threadIdx.x) < 2LL);
  if (v82) {
    float v84 = l0[((int64_t)threadIdx.x)];
    int64_t v85 = (((int64_t)threadIdx.x) + 2LL);
    float v86 = l0[v85];
    float v87 = ingot_maxf(v84, v86);
    l0[((int64_t)threadIdx.x)] = v87;
  }
  __syncthreads();
  uint8_t v92 = (((int64_t)threadIdx.x) < 1LL);
  if (v92) {
    float v94 = l0[((int64_t)threadIdx.x)];
    int64_t v95 = (((int64_t)threadIdx.x) + 1LL);
    float v96 = l0[v95];
    float v97 = ingot_maxf(v94, v96);
    l0[((int64_t)threadIdx.x)] = v97;
  }
  __syncthreads();
  float v102 = l0[0LL];
  uint8_t v103 = (((int64_t)threadIdx.x) == 0LL);
  if (v103) {
    p0[((int64_t)blockIdx.x)] = v102;
  }
}

// r_32_1: GROUP(256) 
extern "C" __global__ void __launch_bounds__(256) r_32_1(float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ p2) {
  __shared__ float l0[256];
  float v2 = 0x0p+0f;
  for (int64_t v3 = 0; v3 < 4; v3++) {
    int64_t v5 = (((int64_t)blockIdx.x) * 1000LL);
    int64_t v6 = (((int64_t)threadIdx.x) + v5);
    int64_t v8 = (v3 * 256LL);
    int64_t v9 = (v6 + v8);
    int64_t v10 = (((int64_t)threadIdx.x) + v8);
    uint8_t v11 = (v10 < 1000LL);
    float v12 = (v11 ? p1[v9] : 0);
    float v13 = (v11 ? p2[((int64_t)blockIdx.x)] : 0);
    float v14 = (v12 - v13);
    float v15 = expf(v14);
    float v17 = (v11 ? v15 : 0x0p+0f);
    float v18 = (v2 + v17);
    v2 = v18;
  }
  l0[((int64_t)threadIdx.x)] = v2;
  __syncthreads();
  uint8_t v25 = (((int64_t)threadIdx.x) < 128LL);
  if (v25) {
    float v27 = l0[((int64_t)threadIdx.x)];
    int64_t v28 = (((int64_t)threadIdx.x) + 128LL);
    float v29 = l0[v28];
    float v30 = (v27 + v29);
    l0[((int64_t)threadIdx.x)] = v30;
  }
  __syncthreads();
  uint8_t v35 = (((int64_t)threadIdx.x) < 64LL);
  if (v35) {
    float v37 = l0[((int64_t)threadIdx.x)];
    int64_t v38 = (((int64_t)threadIdx.x) + 64LL);
    float v39 = l0[v38];
    float v40 = (v37 + v39);
    l0[((int64_t)threadIdx.x)] = v40;
  }
  __syncthreads();
  uint8_t v45 = (((int64_t)threadIdx.x) < 32LL);
  if (v45) {
    float v47 = l0[((int64_t)threadIdx.x)];
    int64_t v48 = (((int64_t)threadIdx.x) + 32LL);
    float v49 = l0[v48];
    float v50 = (v47 + v49);
    l0[((int64_t)threadIdx.x)] = v50;
  }
  __syncthreads();
  uint8_t v55 = (((int64_t)threadIdx.x) < 16LL);
  if (v55) {
    float v57 = l0[((int64_t)threadIdx.x)];
    int64_t v58 = (((int64_t)threadIdx.x) + 16LL);
    float v59 = l0[v58];
    float v60 = (v57 + v59);
    l0[((int64_t)threadIdx.x)] = v60;
  }
  __syncthreads();
  uint8_t v65 = (((int64_t)threadIdx.x) < 8LL);
  if (v65) {
    float v67 = l0[((int64_t)threadIdx.x)];
    int64_t v68 = (((int64_t)threadIdx.x) + 8LL);
    float v69 = l0[v68];
    float v70 = (v67 + v69);
    l0[((int64_t)threadIdx.x)] = v70;
  }
  __syncthreads();
  uint8_t v75 = (((int64_t)threadIdx.x) < 4LL);
  if (v75) {
    float v77 = l0[((int64_t)threadIdx.x)];
    int64_t v78 = (((int64_t)threadIdx.x) + 4LL);
    float v79 = l0[v78];
    float v80 = (v77 + v79);
    l0[((int64_t)threadIdx.x)] = v80;
  }
  __syncthreads();
  uint8_t v85 = (((int64_t)threadIdx.x) < 2LL);
  if (v85) {
    float v87 = l0[((int64_t)threadIdx.x)];
    int64_t v88 = (((int64_t)threadIdx.x) + 2LL);
    float v89 = l0[v88];
    float v90 = (v87 + v89);
    l0[((int64_t)threadIdx.x)] = v90;
  }
  __syncthreads();
  uint8_t v95 = (((int64_t)threadIdx.x) < 1LL);
  if (v95) {
    float v97 = l0[((int64_t)threadIdx.x)];
    int64_t v98 = (((int64_t)threadIdx.x) + 1LL);
    float v99 = l0[v98];
    float v100 = (v97 + v99);
    l0[((int64_t)threadIdx.x)] = v100;
  }
  __syncthreads();
  float v105 = l0[0LL];
  uint8_t v106 = (((int64_t)threadIdx.x) == 0LL);
  if (v106) {
    p0[((int64_t)blockIdx.x)] = v105;
  }
}

// E_32_1000: LOCAL(256) 
extern "C" __global__ void __launch_bounds__(256) E_32_1000(float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ p2, const float* __restrict__ p3) {
  uint8_t v4 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) < 1000LL);
  if (v4) {
    int64_t v6 = (((int64_t)blockIdx.y * blockDim.y + threadIdx.y) * 1000LL);
    int64_t v7 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) + v6);
    float v8 = p1[v7];
    float v9 = p2[((int64_t)blockIdx.y * blockDim.y + threadIdx.y)];
    float v10 = (v8 - v9);
    float v11 = expf(v10);
    float v12 = p3[((int64_t)blockIdx.y * blockDim.y + threadIdx.y)];
    float v13 = (v11 / v12);
    p0[v7] = v13;
  }
}

