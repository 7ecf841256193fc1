// E_256_1024: LOCAL(256) UPCAST(out,4) 
extern "C" __global__ void __launch_bounds__(256) E_256_1024(float* __restrict__ p0, const float* __restrict__ p1, const float* __restrict__ p2, const float* __restrict__ p3) {
  int64_t v4 = (((int64_t)blockIdx.x * blockDim.x + threadIdx.x) * 4LL);
  int64_t v6 = (((int64_t)blockIdx.y * blockDim.y + threadIdx.y) * 1024LL);
  int64_t v7 = (v4 + v6);
  ingot_vec<float, 4> v8 = (*(const ingot_vec<float, 4>*)(p1 + v7));
  ingot_vec<float, 4> v9 = (*(const ingot_vec<float, 4>*)(p2 + v7));
  ingot_vec<float, 4> v10 = (v8 + v9);
  ingot_vec<float, 4> v11 = (*(const ingot_vec<float, 4>*)(p3 + v4));
  ingot_vec<float, 4> v12 = (v10 * v11);
  *(ingot_vec<float, 4>*)(p0 + v7) = v12;
}

