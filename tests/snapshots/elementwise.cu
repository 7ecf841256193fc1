// E_256_1024: LOCAL(256) 
extern "C" __global__ void __launch_bounds__(256) E_256_1024(float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ p2, const float* __restrict__ p3) {
  int64_t v4 = (((int64_t)blockIdx.y * blockDim.y + threadIdx.y) * 1024LL);
  int64_t v5 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) + v4);
  float v6 = p1[v5];
  float v7 = p2[v5];
  float v8 = (v6 + v7);
  float v9 = p3[((int64_t)blockIdx.x * blockDim.x + threadIdx.x)];
  float v10 = (v8 * v9);
  p0[v5] = v10;
}

