// The level-5 sum's CUDA kernel: PTX written by hand, run by run_custom_kernel with language
// "ptx" (the driver's JIT assembles it for the GPU). Its parameters, in order as a CUDA
// kernel's: x (a float32 tensor's address), out (one float32 per block: block b stores the
// sum of its share at out[b]) and n (int64, the elements of x). Blocks of up to 256
// threads, a multiple of 32. A sum is two launches: the blocks' partial sums, then one
// block over them; no atomics, so the result is the same from run to run, and no output
// to zero first.
//
// What keeps it at the speed of memory: the grid is as many blocks as are resident at once
// (.maxntid with .minnctapersm 8 holds a thread to 32 registers, so eight blocks of 256 fit
// each SM), each thread keeps four independent 16-byte loads in flight (ld.global.nc.v4,
// through the read-only path) over a grid-stride loop whose every load instruction reads
// 512 contiguous bytes per warp; the sums meet by warp shuffles, through shared memory
// across a block's warps, and one store per block. A misaligned x (not at a 16-byte
// boundary) is read one float at a time.
#pragma once

namespace kernel_levels {

inline constexpr const char* kSumPtx = R"(
.version 7.0
.target sm_70
.address_size 64

.visible .entry sum_f32(
    .param .u64 sum_f32_x,
    .param .u64 sum_f32_out,
    .param .u64 sum_f32_n
)
.maxntid 256, 1, 1
.minnctapersm 8
{
    .reg .pred  %p<4>;
    .reg .b32   %r<12>;
    .reg .b64   %rd<16>;
    .reg .f32   %f<24>;
    .shared .align 4 .f32 warp_sums[8];

    ld.param.u64        %rd1, [sum_f32_x];
    ld.param.u64        %rd2, [sum_f32_out];
    ld.param.u64        %rd3, [sum_f32_n];
    cvta.to.global.u64  %rd1, %rd1;
    cvta.to.global.u64  %rd2, %rd2;
    mov.u32             %r1, %ntid.x;
    mov.u32             %r2, %nctaid.x;
    mov.u32             %r3, %ctaid.x;
    mov.u32             %r4, %tid.x;
    mul.wide.u32        %rd4, %r1, %r2;         // T: the grid's threads
    mul.wide.u32        %rd5, %r3, %r1;
    cvt.u64.u32         %rd6, %r4;
    add.u64             %rd5, %rd5, %rd6;       // i: this thread's index in the grid
    mov.u64             %rd15, %rd5;
    // n4: the float4s of x, none when x is not 16-byte aligned.
    shr.u64             %rd6, %rd3, 2;
    and.b64             %rd7, %rd1, 15;
    setp.ne.u64         %p1, %rd7, 0;
    selp.u64            %rd6, 0, %rd6, %p1;
    mov.f32             %f1, 0f00000000;
    mov.f32             %f2, 0f00000000;
    mov.f32             %f3, 0f00000000;
    mov.f32             %f4, 0f00000000;
    shl.b64             %rd8, %rd4, 4;          // S: T float4s in bytes
    shl.b64             %rd9, %rd5, 4;
    add.u64             %rd9, %rd1, %rd9;       // p = x + 16 i
    shl.b64             %rd14, %rd4, 2;         // 4 T
    mul.lo.u64          %rd10, %rd4, 3;
    sub.s64             %rd10, %rd6, %rd10;     // four loads a step while i < n4 - 3 T
    setp.ge.s64         %p2, %rd5, %rd10;
    @%p2 bra            REST;
MAIN:
    add.u64             %rd11, %rd9, %rd8;
    add.u64             %rd12, %rd11, %rd8;
    add.u64             %rd13, %rd12, %rd8;
    ld.global.nc.v4.f32 {%f5, %f6, %f7, %f8}, [%rd9];
    ld.global.nc.v4.f32 {%f9, %f10, %f11, %f12}, [%rd11];
    ld.global.nc.v4.f32 {%f13, %f14, %f15, %f16}, [%rd12];
    ld.global.nc.v4.f32 {%f17, %f18, %f19, %f20}, [%rd13];
    add.f32             %f1, %f1, %f5;
    add.f32             %f2, %f2, %f6;
    add.f32             %f3, %f3, %f7;
    add.f32             %f4, %f4, %f8;
    add.f32             %f1, %f1, %f9;
    add.f32             %f2, %f2, %f10;
    add.f32             %f3, %f3, %f11;
    add.f32             %f4, %f4, %f12;
    add.f32             %f1, %f1, %f13;
    add.f32             %f2, %f2, %f14;
    add.f32             %f3, %f3, %f15;
    add.f32             %f4, %f4, %f16;
    add.f32             %f1, %f1, %f17;
    add.f32             %f2, %f2, %f18;
    add.f32             %f3, %f3, %f19;
    add.f32             %f4, %f4, %f20;
    add.u64             %rd9, %rd13, %rd8;
    add.u64             %rd5, %rd5, %rd14;
    setp.lt.s64         %p2, %rd5, %rd10;
    @%p2 bra            MAIN;
REST:                                           // then one float4 a step while i < n4
    setp.ge.s64         %p2, %rd5, %rd6;
    @%p2 bra            TAIL;
REST_LOOP:
    ld.global.nc.v4.f32 {%f5, %f6, %f7, %f8}, [%rd9];
    add.f32             %f1, %f1, %f5;
    add.f32             %f2, %f2, %f6;
    add.f32             %f3, %f3, %f7;
    add.f32             %f4, %f4, %f8;
    add.u64             %rd9, %rd9, %rd8;
    add.u64             %rd5, %rd5, %rd4;
    setp.lt.s64         %p2, %rd5, %rd6;
    @%p2 bra            REST_LOOP;
TAIL:                                           // the floats past the float4s, one a thread
    shl.b64             %rd11, %rd6, 2;
    add.u64             %rd11, %rd11, %rd15;    // j = 4 n4 + this thread's index
    setp.ge.s64         %p2, %rd11, %rd3;
    @%p2 bra            REDUCE;
TAIL_LOOP:
    shl.b64             %rd12, %rd11, 2;
    add.u64             %rd12, %rd1, %rd12;
    ld.global.nc.f32    %f5, [%rd12];
    add.f32             %f1, %f1, %f5;
    add.u64             %rd11, %rd11, %rd4;
    setp.lt.s64         %p2, %rd11, %rd3;
    @%p2 bra            TAIL_LOOP;
REDUCE:                                         // the thread's sums, then the warp's
    add.f32             %f1, %f1, %f2;
    add.f32             %f3, %f3, %f4;
    add.f32             %f1, %f1, %f3;
    shfl.sync.bfly.b32  %f2, %f1, 16, 31, -1;
    add.f32             %f1, %f1, %f2;
    shfl.sync.bfly.b32  %f2, %f1, 8, 31, -1;
    add.f32             %f1, %f1, %f2;
    shfl.sync.bfly.b32  %f2, %f1, 4, 31, -1;
    add.f32             %f1, %f1, %f2;
    shfl.sync.bfly.b32  %f2, %f1, 2, 31, -1;
    add.f32             %f1, %f1, %f2;
    shfl.sync.bfly.b32  %f2, %f1, 1, 31, -1;
    add.f32             %f1, %f1, %f2;
    and.b32             %r5, %r4, 31;           // lane
    shr.u32             %r6, %r4, 5;            // warp
    mov.u32             %r7, warp_sums;
    shl.b32             %r8, %r6, 2;
    add.u32             %r8, %r7, %r8;
    setp.eq.u32         %p3, %r5, 0;
    @%p3 st.shared.f32  [%r8], %f1;
    bar.sync            0;
    setp.ne.u32         %p3, %r6, 0;            // warp 0 adds the block's warps
    @%p3 bra            DONE;
    shr.u32             %r9, %r1, 5;            // the block's warps
    mov.f32             %f1, 0f00000000;
    shl.b32             %r10, %r5, 2;
    add.u32             %r10, %r7, %r10;
    setp.lt.u32         %p3, %r5, %r9;
    @%p3 ld.shared.f32  %f1, [%r10];
    shfl.sync.bfly.b32  %f2, %f1, 4, 31, -1;
    add.f32             %f1, %f1, %f2;
    shfl.sync.bfly.b32  %f2, %f1, 2, 31, -1;
    add.f32             %f1, %f1, %f2;
    shfl.sync.bfly.b32  %f2, %f1, 1, 31, -1;
    add.f32             %f1, %f1, %f2;
    setp.ne.u32         %p3, %r5, 0;
    @%p3 bra            DONE;
    mul.wide.u32        %rd12, %r3, 4;
    add.u64             %rd12, %rd2, %rd12;     // out + 4 * the block's index
    st.global.f32       [%rd12], %f1;
DONE:
    ret;
}
)";

}  // namespace kernel_levels
