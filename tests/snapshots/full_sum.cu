// r_1024_1: GROUP(256) 
extern "C" __global__ void __launch_bounds__(256) r_1024_1(float* __restrict__ p0, const float* __restrict__ p1) {
  __shared__ float l0[256];
  float v2 = 0x0p+0f;
  for (int64_t v3 = 0; v3 < 4; v3++) {
    int64_t v5 = (((int64_t)blockIdx.x) * 1024LL);
    int64_t v6 = (((int64_t)threadIdx.x) + v5);
    int64_t v8 = (v3 * 256LL);
    int64_t v9 = (v6 + v8);
    float v10 = p1[v9];
    float v11 = (v2 + v10);
    v2 = v11;
  }
  l0[((int64_t)threadIdx.x)] = v2;
  __syncthreads();
  uint8_t v18 = (((int64_t)threadIdx.x) < 128LL);
  if (v18) {
    float v20 = l0[((int64_t)threadIdx.x)];
    int64_t v21 = (((int64_t)threadIdx.x) + 128LL);
    float v22 = l0[v21];
    float v23 = (v20 + v22);
    l0[((int64_t)threadIdx.x)] = v23;
  }
  __syncthreads();
  uint8_t v28 = (((int64_t)threadIdx.x) < 64LL);
  if (v28) {
    float v30 = l0[((int64_t)threadIdx.x)];
    int64_t v31 = (((int64_t)threadIdx.x) + 64LL);
    float v32 = l0[v31];
    float v33 = (v30 + v32);
    l0[((int64_t)threadIdx.x)] = v33;
  }
  __syncthreads();
  uint8_t v38 = (((int64_t)threadIdx.x) < 32LL);
  if (v38) {
    float v40 = l0[((int64_t)threadIdx.x)];
    int64_t v41 = (((int64_t)threadIdx.x) + 32LL);
    float v42 = l0[v41];
    float v43 = (v40 + v42);
    l0[((int64_t)threadIdx.x)] = v43;
  }
  __syncthreads();
  uint8_t v48 = (((int64_t)threadIdx.x) < 16LL);
  if (v48) {
    float v50 = l0[((int64_t)threadIdx.x)];
    int64_t v51 = (((int64_t)threadIdx.x) + 16LL);
    float v52 = l0[v51];
    float v53 = (v50 + v52);
    l0[((int64_t)threadIdx.x)] = v53;
  }
  __syncthreads();
  uint8_t v58 = (((int64_t)threadIdx.x) < 8LL);
  if (v58) {
    float v60 = l0[((int64_t)threadIdx.x)];
    int64_t v61 = (((int64_t)threadIdx.x) + 8LL);
    float v62 = l0[v61];
    float v63 = (v60 + v62);
    l0[((int64_t)threadIdx.x)] = v63;
  }
  __syncthreads();
  uint8_t v68 = (((int64_t)threadIdx.x) < 4LL);
  if (v68) {
    float v70 = l0[((int64_t)threadIdx.x)];
    int64_t v71 = (((int64_t)threadIdx.x) + 4LL);
    float v72 = l0[v71];
    float v73 = (v70 + v72);
    l0[((int64_t)threadIdx.x)] = v73;
  }
  __syncthreads();
  uint8_t v78 = (((int64_t)threadIdx.x) < 2LL);
  if (v78) {
    float v80 = l0[((int64_t)threadIdx.x)];
    int64_t v81 = (((int64_t)threadIdx.x) + 2LL);
    float v82 = l0[v81];
    float v83 = (v80 + v82);
    l0[((int64_t)threadIdx.x)] = v83;
  }
  __syncthreads();
  uint8_t v88 = (((int64_t)threadIdx.x) < 1LL);
  if (v88) {
    float v90 = l0[((int64_t)threadIdx.x)];
    int64_t v91 = (((int64_t)threadIdx.x) + 1LL);
    float v92 = l0[v91];
    float v93 = (v90 + v92);
    l0[((int64_t)threadIdx.x)] = v93;
  }
  __syncthreads();
  float v98 = l0[0LL];
  uint8_t v99 = (((int64_t)threadIdx.x) == 0LL);
  if (v99) {
    p0[((int64_t)blockIdx.x)] = v98;
  }
}

// r_1: GROUP(256) 
extern "C" __global__ void __launch_bounds__(256) r_1(float* __restrict__ p0, const float* __restrict__ p1) {
  __shared__ float l0[256];
  float v2 = 0x0p+0f;
  for (int64_t v3 = 0; v3 < 4; v3++) {
    int64_t v5 = (v3 * 256LL);
    int64_t v6 = (((int64_t)threadIdx.x) + v5);
    float v7 = p1[v6];
    float v8 = (v2 + v7);
    v2 = v8;
  }
  l0[((int64_t)threadIdx.x)] = v2;
  __syncthreads();
  uint8_t v15 = (((int64_t)threadIdx.x) < 128LL);
  if (v15) {
    float v17 = l0[((int64_t)threadIdx.x)];
    int64_t v18 = (((int64_t)threadIdx.x) + 128LL);
    float v19 = l0[v18];
    float v20 = (v17 + v19);
    l0[((int64_t)threadIdx.x)] = v20;
  }
  __syncthreads();
  uint8_t v25 = (((int64_t)threadIdx.x) < 64LL);
  if (v25) {
    float v27 = l0[((int64_t)threadIdx.x)];
    int64_t v28 = (((int64_t)threadIdx.x) + 64LL);
    float v29 = l0[v28];
    float v30 = (v27 + v29);
    l0[((int64_t)threadIdx.x)] = v30;
  }
  __syncthreads();
  uint8_t v35 = (((int64_t)threadIdx.x) < 32LL);
  if (v35) {
    float v37 = l0[((int64_t)threadIdx.x)];
    int64_t v38 = (((int64_t)threadIdx.x) + 32LL);
    float v39 = l0[v38];
    float v40 = (v37 + v39);
    l0[((int64_t)threadIdx.x)] = v40;
  }
  __syncthreads();
  uint8_t v45 = (((int64_t)threadIdx.x) < 16LL);
  if (v45) {
    float v47 = l0[((int64_t)threadIdx.x)];
    int64_t v48 = (((int64_t)threadIdx.x) + 16LL);
    float v49 = l0[v48];
    float v50 = (v47 + v49);
    l0[((int64_t)threadIdx.x)] = v50;
  }
  __syncthreads();
  uint8_t v55 = (((int64_t)threadIdx.x) < 8LL);
  if (v55) {
    float v57 = l0[((int64_t)threadIdx.x)];
    int64_t v58 = (((int64_t)threadIdx.x) + 8LL);
    float v59 = l0[v58];
    float v60 = (v57 + v59);
    l0[((int64_t)threadIdx.x)] = v60;
  }
  __syncthreads();
  uint8_t v65 = (((int64_t)threadIdx.x) < 4LL);
  if (v65) {
    float v67 = l0[((int64_t)threadIdx.x)];
    int64_t v68 = (((int64_t)threadIdx.x) + 4LL);
    float v69 = l0[v68];
    float v70 = (v67 + v69);
    l0[((int64_t)threadIdx.x)] = v70;
  }
  __syncthreads();
  uint8_t v75 = (((int64_t)threadIdx.x) < 2LL);
  if (v75) {
    float v77 = l0[((int64_t)threadIdx.x)];
    int64_t v78 = (((int64_t)threadIdx.x) + 2LL);
    float v79 = l0[v78];
    float v80 = (v77 + v79);
    l0[((int64_t)threadIdx.x)] = v80;
  }
  __syncthreads();
  uint8_t v85 = (((int64_t)threadIdx.x) < 1LL);
  if (v85) {
    float v87 = l0[((int64_t)threadIdx.x)];
    int64_t v88 = (((int64_t)threadIdx.x) + 1LL);
    float v89 = l0[v88];
    float v90 = (v87 + v89);
    l0[((int64_t)threadIdx.x)] = v90;
  }
  __syncthreads();
  float v95 = l0[0LL];
  uint8_t v96 = (((int64_t)threadIdx.x) == 0LL);
  if (v96) {
    p0[0LL] = v95;
  }
}

