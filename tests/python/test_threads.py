"""The GIL is released while kernels compile and run, and tensors can be built and
realized from several Python threads at once."""

import threading
import time

import numpy as np

import ingot


def test_two_threads_realizing_at_once():
    errors = []
    results = {}

    def work(index):
        try:
            rng = np.random.default_rng(index)
            for step in range(10):
                x = rng.standard_normal((17, 9)).astype(np.float32)
                t = ingot.Tensor(x)
                # A shared subgraph between steps, and a kernel new to this thread.
                y = ((t * (index + 1)).exp() + step).sum(1)
                expected = (np.exp(x.astype(np.float64) * (index + 1)) + step).sum(1)
                np.testing.assert_allclose(y.numpy(), expected, rtol=1e-5)
            results[index] = True
        except Exception as e:  # reported below, from the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, errors
    assert len(results) == 4


def test_gil_released_while_a_kernel_compiles():
    # A kernel this process has never seen, to be sure the compiler runs.
    unique = np.float32(1 + time.time_ns() % 1000003 / 1000003)
    ticks = []
    done = threading.Event()

    def ticker():
        while not done.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.001)

    th = threading.Thread(target=ticker)
    th.start()
    start = time.perf_counter()
    value = (ingot.arange(64, dtype=ingot.float32) * float(unique)).sin().sum().item()
    elapsed = time.perf_counter() - start
    done.set()
    th.join()
    products = (np.arange(64, dtype=np.float32) * unique).astype(np.float64)
    assert np.isclose(value, np.sin(products).sum(), rtol=1e-5, atol=1e-5)
    during = [t for t in ticks if start <= t <= start + elapsed]
    # A compile takes tens of milliseconds; with the GIL held the ticker would stall.
    assert elapsed < 0.01 or len(during) >= 3, (elapsed, len(during))
