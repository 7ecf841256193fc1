// The level-5 sum's CPU kernel: x86-64 assembly (GNU syntax, SSE2, which every x86-64 has),
// run by run_custom_kernel with language "asm" through the C ABI of CPU kernels:
//   void chunk_sums(void* const* args, int64_t start, int64_t end)
// SysV puts args in %rdi, start in %rsi and end in %rdx. The arguments, each read through
// its pointer in args: x (float32), partials (float32, one per chunk), n (int64, the
// elements of x) and chunk (int64, the elements of one chunk). Iteration i writes
// partials[i] = the sum of x[i * chunk, min(n, (i + 1) * chunk)); the thread pool hands each
// core a range of chunks. The same kernel with one chunk of every partial sums those.
#pragma once

namespace kernel_levels {

inline constexpr const char* kSumX86_64 = R"(
    .text
    .globl chunk_sums
    .type chunk_sums, @function
chunk_sums:
    movq    (%rdi), %r8             # x
    movq    8(%rdi), %r9            # partials
    movq    16(%rdi), %rax
    movq    (%rax), %r10            # n
    movq    24(%rdi), %rax
    movq    (%rax), %r11            # chunk
    cmpq    %rdx, %rsi
    jge     .Lreturn
.Lchunk:                            # for (i = start; i < end; ++i), i in %rsi
    movq    %rsi, %rax
    imulq   %r11, %rax              # first = i * chunk
    leaq    (%rax,%r11), %rcx       # last = min(first + chunk, n)
    cmpq    %r10, %rcx
    cmovgq  %r10, %rcx
    subq    %rax, %rcx              # count = last - first (<= 0: an empty chunk)
    leaq    (%r8,%rax,4), %rdi      # p = x + first
    # Eight sums of four lanes, so that eight additions are in flight: the loads, not the
    # adds' latency, set the pace. movups: x need not be 16-byte aligned.
    xorps   %xmm0, %xmm0
    xorps   %xmm1, %xmm1
    xorps   %xmm2, %xmm2
    xorps   %xmm3, %xmm3
    xorps   %xmm4, %xmm4
    xorps   %xmm5, %xmm5
    xorps   %xmm6, %xmm6
    xorps   %xmm7, %xmm7
    cmpq    $32, %rcx
    jl      .Lfours
.Lthirty_twos:                      # 32 floats (two cache lines) a step
    movups  (%rdi), %xmm8
    movups  16(%rdi), %xmm9
    movups  32(%rdi), %xmm10
    movups  48(%rdi), %xmm11
    movups  64(%rdi), %xmm12
    movups  80(%rdi), %xmm13
    movups  96(%rdi), %xmm14
    movups  112(%rdi), %xmm15
    addps   %xmm8, %xmm0
    addps   %xmm9, %xmm1
    addps   %xmm10, %xmm2
    addps   %xmm11, %xmm3
    addps   %xmm12, %xmm4
    addps   %xmm13, %xmm5
    addps   %xmm14, %xmm6
    addps   %xmm15, %xmm7
    addq    $128, %rdi
    subq    $32, %rcx
    cmpq    $32, %rcx
    jge     .Lthirty_twos
.Lfours:                            # then four at a time
    cmpq    $4, %rcx
    jl      .Lones
    movups  (%rdi), %xmm8
    addps   %xmm8, %xmm0
    addq    $16, %rdi
    subq    $4, %rcx
    jmp     .Lfours
.Lones:                             # and the last up to three one by one
    testq   %rcx, %rcx
    jle     .Lfold
    movss   (%rdi), %xmm8
    addss   %xmm8, %xmm1
    addq    $4, %rdi
    decq    %rcx
    jmp     .Lones
.Lfold:                             # the eight sums to one vector, its four lanes to one
    addps   %xmm4, %xmm0
    addps   %xmm5, %xmm1
    addps   %xmm6, %xmm2
    addps   %xmm7, %xmm3
    addps   %xmm2, %xmm0
    addps   %xmm3, %xmm1
    addps   %xmm1, %xmm0
    movhlps %xmm0, %xmm1            # lanes 2, 3 into 0, 1
    addps   %xmm1, %xmm0
    movaps  %xmm0, %xmm1
    shufps  $0x55, %xmm1, %xmm1     # lane 1 into 0
    addss   %xmm1, %xmm0
    movss   %xmm0, (%r9,%rsi,4)     # partials[i]
    incq    %rsi
    cmpq    %rdx, %rsi
    jl      .Lchunk
.Lreturn:
    ret
    .size chunk_sums, .-chunk_sums
)";

}  // namespace kernel_levels
