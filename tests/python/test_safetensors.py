"""safetensors from Python: what ingot.save_safetensors writes, parsed here by a reader of
the test's own (struct, json, NumPy), matches; a file written here by NumPy loads; errors
name the file and the fault."""

import json
import struct

import numpy as np
import pytest

import ingot

CODES = {"F64": np.float64, "F32": np.float32, "F16": np.float16, "I64": np.int64,
         "I32": np.int32, "I16": np.int16, "I8": np.int8, "U8": np.uint8, "BOOL": np.bool_}


def numpy_read(path):
    raw = open(path, "rb").read()
    (n,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8:8 + n])
    data = raw[8 + n:]
    meta = header.pop("__metadata__", {})
    out = {}
    for name, e in header.items():
        begin, end = e["data_offsets"]
        out[name] = np.frombuffer(data[begin:end], dtype=CODES[e["dtype"]]).reshape(e["shape"])
    return out, meta, n


def numpy_write(path, arrays):
    header, blobs, at = {}, [], 0
    code = {np.dtype(v): k for k, v in CODES.items()}
    for name, a in arrays.items():
        b = np.ascontiguousarray(a).tobytes()
        header[name] = {"dtype": code[a.dtype], "shape": list(a.shape),
                        "data_offsets": [at, at + len(b)]}
        blobs.append(b)
        at += len(b)
    text = json.dumps(header).encode()
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + b"".join(blobs))


def test_numpy_reads_what_ingot_writes(tmp_path, rng):
    arrays = {
        "w": rng.standard_normal((3, 4)).astype(np.float32),
        "h": rng.standard_normal(5).astype(np.float16),
        "i": rng.integers(-9, 9, (2, 2)).astype(np.int64),
        "m": rng.random(3) > 0.5,
        "s": np.array(2.5),
    }
    path = tmp_path / "a.safetensors"
    tensors = {k: ingot.Tensor(v) for k, v in arrays.items()}
    tensors["wT"] = tensors["w"].T  # a view is written row-major
    ingot.save_safetensors(tensors, path, metadata={"step": "4"})
    got, meta, n = numpy_read(path)
    assert n % 8 == 0 and meta == {"step": "4"}
    for k, v in arrays.items():
        np.testing.assert_array_equal(got[k], v)
        assert got[k].dtype == v.dtype
    np.testing.assert_array_equal(got["wT"], arrays["w"].T)


def test_ingot_reads_what_numpy_writes(tmp_path, rng, device):
    arrays = {"b": rng.integers(0, 200, 7).astype(np.uint8),
              "a": rng.standard_normal((2, 3)).astype(np.float32)}
    path = tmp_path / "b.safetensors"
    numpy_write(path, arrays)
    loaded, meta = ingot.load_safetensors(str(path), device=device, metadata=True)
    assert list(loaded) == ["b", "a"] and meta == {}
    for k, v in arrays.items():
        assert loaded[k].device == device
        np.testing.assert_array_equal(loaded[k].numpy(), v)


def test_model_and_optimizer_state_round_trip(tmp_path):
    w = ingot.Tensor([[1.0, -2.0], [0.5, 3.0]]).requires_grad_()
    opt = ingot.optim.SGD([w], lr=0.1, momentum=0.9)
    (w * w).sum().backward()
    opt.step()
    state = {"weight": w, **{"optim." + k: v for k, v in opt.state_dict().items()}}
    ingot.save_safetensors(state, tmp_path / "s.safetensors")
    loaded = ingot.load_safetensors(tmp_path / "s.safetensors")
    np.testing.assert_array_equal(loaded["weight"].numpy(), w.numpy())
    assert loaded["optim.step"].item() == 1
    np.testing.assert_array_equal(loaded["optim.0.momentum_buffer"].numpy(), 2 * np.array([[1.0, -2.0], [0.5, 3.0]], np.float32))


def test_errors_name_the_file_and_the_fault(tmp_path):
    path = tmp_path / "bad.safetensors"
    path.write_bytes(struct.pack("<Q", 400) + b"{}")
    with pytest.raises(ingot.Error, match="bad.safetensors.*truncated"):
        ingot.load_safetensors(path)
    path.write_bytes(struct.pack("<Q", 3) + b"{x}")
    with pytest.raises(ingot.Error, match="not valid JSON"):
        ingot.load_safetensors(path)
    with pytest.raises(ingot.Error, match="given twice|reserved"):
        ingot.save_safetensors({"__metadata__": ingot.zeros(1)}, path)
    with pytest.raises(TypeError, match="names must be str"):
        ingot.save_safetensors({1: ingot.zeros(1)}, path)
    assert (ingot.ones(2) * 2).tolist() == [2.0, 2.0]
