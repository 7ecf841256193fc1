// A probe, not part of ingot: which float32 register-tile shapes (block, thread tile, one
// or two slice buffers, depth split) run fastest on the lent GPU for the workload suite's
// slow matmuls, beside cuBLAS (float32, no TF32), before ingot's STAGE plan grows them.
// Build: nvcc -O3 -arch=sm_90 sgemm_probe.cu -lcublas -o sgemm_probe
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#define CHECK(x)                                                          \
  do {                                                                    \
    cudaError_t e = (x);                                                  \
    if (e != cudaSuccess) {                                               \
      std::printf("%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
      std::exit(1);                                                       \
    }                                                                     \
  } while (0)

// C[z] = A[:, kz] @ B[kz, :] over depth chunk z of `chunk` (gridDim.z chunks), A M x K and
// B K x N row-major. A thread holds TM x TN outputs in runs of 4 rows/columns spread over
// the block; slices BK deep go global -> registers -> shared (A flipped depth-major).
// DB: two shared buffers and one barrier a slice; else one buffer and two barriers.
template <int BM, int BN, int BK, int TM, int TN, bool DB, bool WT = false, int MINB = 1, bool VEC = false>
__global__ void __launch_bounds__((BM / TM) * (BN / TN), MINB)
    sgemm(const float* __restrict__ A, const float* __restrict__ B, float* __restrict__ C, int M,
          int N, int K, int chunk) {
  constexpr int NT = (BM / TM) * (BN / TN), TX = BN / TN;
  constexpr int LA = BM * BK / NT, LB = BK * BN / NT;
  constexpr int RM = TM / 4, RN = TN / 4;
  constexpr int NB = DB ? 2 : 1;
  __shared__ __align__(16) float As[NB][BK][BM + 4];
  __shared__ __align__(16) float Bs[NB][BK][BN + 4];
  const int tid = threadIdx.x;
  // WT: a warp's 32 threads are 4 rows x 8 columns of thread tiles (one 128-byte B read,
  // four broadcast A reads a step), else 1 x 32 or 2 x 16.
  const int lane = tid % 32, warp = tid / 32, WX = TX >= 8 ? TX / 8 : 1;
  const int tx = WT ? (warp % WX) * 8 + lane % 8 : tid % TX;
  const int ty = WT ? (warp / WX) * 4 + lane / 8 : tid / TX;
  const int m0 = blockIdx.y * BM, n0 = blockIdx.x * BN;
  const int kbeg = blockIdx.z * chunk, kend = min(K, kbeg + chunk);
  float ra[LA], rb[LB];
  auto load = [&](int k0) {
    if (VEC) {
#pragma unroll
      for (int i = 0; i < LA / 4; ++i) {
        int e = (tid + i * NT) * 4, r = e / BK, c = e % BK, gm = m0 + r, gk = k0 + c;
        float4 v = gm < M && gk < kend ? *reinterpret_cast<const float4*>(A + (size_t)gm * K + gk)
                                       : make_float4(0, 0, 0, 0);
        ra[i * 4] = v.x, ra[i * 4 + 1] = v.y, ra[i * 4 + 2] = v.z, ra[i * 4 + 3] = v.w;
      }
#pragma unroll
      for (int i = 0; i < LB / 4; ++i) {
        int e = (tid + i * NT) * 4, r = e / BN, c = e % BN, gk = k0 + r, gn = n0 + c;
        float4 v = gk < kend && gn < N ? *reinterpret_cast<const float4*>(B + (size_t)gk * N + gn)
                                       : make_float4(0, 0, 0, 0);
        rb[i * 4] = v.x, rb[i * 4 + 1] = v.y, rb[i * 4 + 2] = v.z, rb[i * 4 + 3] = v.w;
      }
      return;
    }
#pragma unroll
    for (int i = 0; i < LA; ++i) {
      int e = tid + i * NT, r = e / BK, c = e % BK, gm = m0 + r, gk = k0 + c;
      ra[i] = gm < M && gk < kend ? A[(size_t)gm * K + gk] : 0.f;
    }
#pragma unroll
    for (int i = 0; i < LB; ++i) {
      int e = tid + i * NT, r = e / BN, c = e % BN, gk = k0 + r, gn = n0 + c;
      rb[i] = gk < kend && gn < N ? B[(size_t)gk * N + gn] : 0.f;
    }
  };
  auto store = [&](int s) {
    if (VEC) {
#pragma unroll
      for (int i = 0; i < LA; ++i) {
        int e = (tid + (i / 4) * NT) * 4 + i % 4;
        As[s][e % BK][e / BK] = ra[i];
      }
#pragma unroll
      for (int i = 0; i < LB / 4; ++i) {
        int e = (tid + i * NT) * 4;
        *reinterpret_cast<float4*>(&Bs[s][e / BN][e % BN]) =
            make_float4(rb[i * 4], rb[i * 4 + 1], rb[i * 4 + 2], rb[i * 4 + 3]);
      }
      return;
    }
#pragma unroll
    for (int i = 0; i < LA; ++i) {
      int e = tid + i * NT;
      As[s][e % BK][e / BK] = ra[i];
    }
#pragma unroll
    for (int i = 0; i < LB; ++i) {
      int e = tid + i * NT;
      Bs[s][e / BN][e % BN] = rb[i];
    }
  };
  float acc[TM][TN] = {};
  auto compute = [&](int s) {
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      float a[TM], b[TN];
#pragma unroll
      for (int g = 0; g < RM; ++g) {
        float4 v = *reinterpret_cast<const float4*>(&As[s][k][ty * 4 + g * (BM / RM)]);
        a[g * 4] = v.x, a[g * 4 + 1] = v.y, a[g * 4 + 2] = v.z, a[g * 4 + 3] = v.w;
      }
#pragma unroll
      for (int h = 0; h < RN; ++h) {
        float4 v = *reinterpret_cast<const float4*>(&Bs[s][k][tx * 4 + h * (BN / RN)]);
        b[h * 4] = v.x, b[h * 4 + 1] = v.y, b[h * 4 + 2] = v.z, b[h * 4 + 3] = v.w;
      }
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j) acc[i][j] = fmaf(a[i], b[j], acc[i][j]);
    }
  };
  const int tiles = (kend - kbeg + BK - 1) / BK;
  load(kbeg);
  if (DB) {
    store(0);
    __syncthreads();
    for (int t = 0; t < tiles; ++t) {
      if (t + 1 < tiles) load(kbeg + (t + 1) * BK);
      compute(t & 1);
      if (t + 1 < tiles) store((t + 1) & 1);
      __syncthreads();
    }
  } else {
    for (int t = 0; t < tiles; ++t) {
      store(0);
      __syncthreads();
      if (t + 1 < tiles) load(kbeg + (t + 1) * BK);
      compute(0);
      __syncthreads();
    }
  }
  float* out = C + (size_t)blockIdx.z * M * N;
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j) {
      int r = m0 + ty * 4 + (i % 4) + (i / 4) * (BM / RM);
      int c = n0 + tx * 4 + (j % 4) + (j / 4) * (BN / RN);
      if (r < M && c < N) out[(size_t)r * N + c] = acc[i][j];
    }
}

__global__ void sum_chunks(const float* __restrict__ P, float* __restrict__ C, int S, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i >= n) return;
  float s = 0;
  for (int z = 0; z < S; ++z) s += P[z * n + i];
  C[i] = s;
}

struct Shape {
  const char* name;
  int M, N, K;
};

struct Config {
  const char* name;
  void (*launch)(const float*, const float*, float*, int, int, int, int, dim3);
  int BM, BN, threads;
  bool vec;
};

template <int BM, int BN, int BK, int TM, int TN, bool DB, bool WT = false, int MINB = 1,
          bool VEC = false>
Config config(const char* name) {
  return {name,
          [](const float* a, const float* b, float* c, int M, int N, int K, int chunk, dim3 g) {
            sgemm<BM, BN, BK, TM, TN, DB, WT, MINB, VEC>
                <<<g, (BM / TM) * (BN / TN)>>>(a, b, c, M, N, K, chunk);
          },
          BM, BN, (BM / TM) * (BN / TN), VEC};
}

int main() {
  std::vector<Shape> shapes = {
      {"odd 1000x999@999x1001", 1000, 1001, 999}, {"a^T 2047x1024@1024x512", 2047, 512, 1024},
      {"both^T 1001x768@768x513", 1001, 513, 768}, {"batch@shared 8000x256@256x384", 8000, 384, 256},
      {"skinny 64x16384@16384x64", 64, 64, 16384}, {"train 8192x384@384x384", 8192, 384, 384},
      {"train 8192x384@384x1536", 8192, 1536, 384}, {"train 8192x1536@1536x384", 8192, 384, 1536},
      {"train 384x8192@8192x384", 384, 384, 8192}, {"4096^3", 4096, 4096, 4096},
      {"bmm-ish 8224x128@128x255", 8224, 255, 128},
  };
  std::vector<Config> configs = {
      config<64, 64, 16, 4, 4, false>("64x64 4x4 1buf (ingot now)"),
      config<128, 128, 16, 8, 8, true>("128 8x8"),
      config<128, 128, 16, 8, 8, true, true>("128 8x8 WT"),
      config<128, 128, 16, 8, 8, true, true, 1, true>("128 8x8 WT VEC"),
      config<128, 128, 16, 8, 8, true, true, 2>("128 8x8 WT MINB2"),
      config<128, 128, 8, 8, 8, true, true, 1, true>("128 8x8 k8 WT VEC"),
      config<128, 64, 16, 8, 4, true>("128x64 8x4"),
      config<128, 64, 16, 8, 4, true, true>("128x64 8x4 WT"),
      config<128, 64, 16, 8, 4, true, true, 1, true>("128x64 8x4 WT VEC"),
      config<128, 64, 16, 8, 4, true, true, 2, true>("128x64 8x4 WT MINB2 VEC"),
      config<64, 128, 16, 4, 8, true, true, 1, true>("64x128 4x8 WT VEC"),
      config<64, 64, 16, 8, 4, true, true>("64x64 8x4 WT (128t)"),
      config<64, 64, 16, 8, 4, true, true, 1, true>("64x64 8x4 WT VEC (128t)"),
      config<64, 64, 16, 4, 4, true, true>("64x64 4x4 WT"),
      config<64, 64, 16, 4, 4, true, true, 1, true>("64x64 4x4 WT VEC"),
      config<64, 64, 32, 8, 4, true, true, 1, true>("64x64 8x4 k32 WT VEC (128t)"),
  };
  int sms = 0;
  CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cublasHandle_t h;
  cublasCreate(&h);
  cudaEvent_t e0, e1;
  cudaEventCreate(&e0);
  cudaEventCreate(&e1);
  const int splits[] = {1, 2, 3, 4, 8, 16, 32, 64};
  for (const Shape& s : shapes) {
    size_t na = (size_t)s.M * s.K, nb = (size_t)s.K * s.N, nc = (size_t)s.M * s.N;
    std::vector<float> ha(na), hb(nb);
    for (size_t i = 0; i < na; ++i) ha[i] = (float)((i * 7919 % 1000) / 500.0 - 1.0);
    for (size_t i = 0; i < nb; ++i) hb[i] = (float)((i * 104729 % 1000) / 500.0 - 1.0);
    float *a, *b, *c, *ref, *part;
    CHECK(cudaMalloc(&a, na * 4));
    CHECK(cudaMalloc(&b, nb * 4));
    CHECK(cudaMalloc(&c, nc * 4));
    CHECK(cudaMalloc(&ref, nc * 4));
    CHECK(cudaMalloc(&part, nc * 4 * 64));  // up to 64 depth chunks
    CHECK(cudaMemcpy(a, ha.data(), na * 4, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(b, hb.data(), nb * 4, cudaMemcpyHostToDevice));
    const float one = 1, zero = 0;
    auto time = [&](auto&& f) {
      for (int i = 0; i < 3; ++i) f();
      float best = 1e30f;
      for (int rep = 0; rep < 5; ++rep) {
        cudaEventRecord(e0);
        for (int i = 0; i < 10; ++i) f();
        cudaEventRecord(e1);
        cudaEventSynchronize(e1);
        float ms;
        cudaEventElapsedTime(&ms, e0, e1);
        best = std::min(best, ms / 10);
      }
      CHECK(cudaGetLastError());
      return best * 1000;  // us
    };
    auto cublas = [&] {
      cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, s.N, s.M, s.K, &one, b, s.N, a, s.K, &zero, ref, s.N);
    };
    float tc = time(cublas);
    std::vector<float> hr(nc), hc(nc);
    CHECK(cudaMemcpy(hr.data(), ref, nc * 4, cudaMemcpyDeviceToHost));
    double flop = 2.0 * s.M * s.N * s.K;
    std::printf("\n## %s: cuBLAS %.1f us (%.1f TFLOP/s), %d SMs\n", s.name, tc, flop / tc / 1e6, sms);
    std::printf("| config | split | blocks | us | TFLOP/s | x cuBLAS | max err |\n|---|---:|---:|---:|---:|---:|---:|\n");
    for (const Config& cf : configs) {
      for (int S : splits) {
        int chunk = ((s.K + S - 1) / S + 15) / 16 * 16;
        int z = (s.K + chunk - 1) / chunk;
        if (S > 1 && (z != S || chunk < 64)) continue;
        dim3 g((s.N + cf.BN - 1) / cf.BN, (s.M + cf.BM - 1) / cf.BM, z);
        long blocks = (long)g.x * g.y * g.z;
        if (S > 1 && blocks > 4L * sms) continue;  // enough blocks without splitting
        if (cf.vec && (s.K % 4 || s.N % 4 || chunk % 4)) continue;
        auto run = [&] {
          if (z == 1) {
            cf.launch(a, b, c, s.M, s.N, s.K, chunk, g);
          } else {
            cf.launch(a, b, part, s.M, s.N, s.K, chunk, g);
            sum_chunks<<<(nc + 255) / 256, 256>>>(part, c, z, nc);
          }
        };
        CHECK(cudaMemset(c, 0xff, nc * 4));
        float t = time(run);
        CHECK(cudaMemcpy(hc.data(), c, nc * 4, cudaMemcpyDeviceToHost));
        double err = 0;
        for (size_t i = 0; i < nc; ++i)
          err = std::max(err, (double)std::fabs(hc[i] - hr[i]) / (1.0 + std::fabs(hr[i])));
        std::printf("| %s | %d | %ld | %.1f | %.1f | %.2f | %.1e |\n", cf.name, z, blocks, t,
                    flop / t / 1e6, tc / t, err);
      }
    }
    cudaFree(a), cudaFree(b), cudaFree(c), cudaFree(ref), cudaFree(part);
  }
}
