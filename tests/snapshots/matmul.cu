// r_64_96: GROUP(128) 
extern "C" __global__ void __launch_bounds__(128) r_64_96(float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ p2) {
  __shared__ float l0[128];
  float v2 = 0x0p+0f;
  for (int64_t v3 = 0; v3 < 1; v3++) {
    int64_t v5 = (((int64_t)blockIdx.x) / 96LL);
    int64_t v7 = (v5 * 128LL);
    int64_t v8 = (v7 + ((int64_t)threadIdx.x));
    float v9 = p1[v8];
    int64_t v10 = (((int64_t)blockIdx.x) % 96LL);
    int64_t v11 = (((int64_t)threadIdx.x) * 96LL);
    int64_t v12 = (v10 + v11);
    float v13 = p2[v12];
    float v14 = (v9 * v13);
    float v15 = (v2 + v14);
    v2 = v15;
  }
  l0[((int64_t)threadIdx.x)] = v2;
  __syncthreads();
  uint8_t v22 = (((int64_t)threadIdx.x) < 64LL);
  if (v22) {
    float v24 = l0[((int64_t)threadIdx.x)];
    int64_t v25 = (((int64_t)threadIdx.x) + 64LL);
    float v26 = l0[v25];
    float v27 = (v24 + v26);
    l0[((int64_t)threadIdx.x)] = v27;
  }
  __syncthreads();
  uint8_t v32 = (((int64_t)threadIdx.x) < 32LL);
  if (v32) {
    float v34 = l0[((int64_t)threadIdx.x)];
    int64_t v35 = (((int64_t)threadIdx.x) + 32LL);
    float v36 = l0[v35];
    float v37 = (v34 + v36);
    l0[((int64_t)threadIdx.x)] = v37;
  }
  __syncthreads();
  uint8_t v42 = (((int64_t)threadIdx.x) < 16LL);
  if (v42) {
    float v44 = l0[((int64_t)threadIdx.x)];
    int64_t v45 = (((int64_t)threadIdx.x) + 16LL);
    float v46 = l0[v45];
    float v47 = (v44 + v46);
    l0[((int64_t)threadIdx.x)] = v47;
  }
  __syncthreads();
  uint8_t v52 = (((int64_t)threadIdx.x) < 8LL);
  if (v52) {
    float v54 = l0[((int64_t)threadIdx.x)];
    int64_t v55 = (((int64_t)threadIdx.x) + 8LL);
    float v56 = l0[v55];
    float v57 = (v54 + v56);
    l0[((int64_t)threadIdx.x)] = v57;
  }
  __syncthreads();
  uint8_t v62 = (((int64_t)threadIdx.x) < 4LL);
  if (v62) {
    float v64 = l0[((int64_t)threadIdx.x)];
    int64_t v65 = (((int64_t)threadIdx.x) + 4LL);
    float v66 = l0[v65];
    float v67 = (v64 + v66);
    l0[((int64_t)threadIdx.x)] = v67;
  }
  __syncthreads();
  uint8_t v72 = (((int64_t)threadIdx.x) < 2LL);
  if (v72) {
    float v74 = l0[((int64_t)threadIdx.x)];
    int64_t v75 = (((int64_t)threadIdx.x) + 2LL);
    float v76 = l0[v75];
    float v77 = (v74 + v76);
    l0[((int64_t)threadIdx.x)] = v77;
  }
  __syncthreads();
  uint8_t v82 = (((int64_t)threadIdx.x) < 1LL);
  if (v82) {
    float v84 = l0[((int64_t)threadIdx.x)];
    int64_t v85 = (((int64_t)threadIdx.x) + 1LL);
    float v86 = l0[v85];
    float v87 = (v84 + v86);
    l0[((int64_t)threadIdx.x)] = v87;
  }
  __syncthreads();
  float v92 = l0[0LL];
  uint8_t v93 = (((int64_t)threadIdx.x) == 0LL);
  if (v93) {
    p0[((int64_t)blockIdx.x)] = v92;
  }
}

