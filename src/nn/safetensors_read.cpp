// load_safetensors: reads the file, checks its header against the format (every fault an
// Error naming the file and what is wrong), then copies each tensor's bytes to the device.
#include <algorithm>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>

#include "ingot/safetensors.hpp"
#include "nn/describe.hpp"
#include "nn/safetensors_format.hpp"

namespace ingot {

namespace {

using nlohmann::json;
constexpr const char* kLoadOp = "load_safetensors";

struct Entry {
  std::string name;
  DType dtype;
  Shape shape;
  uint64_t begin, end;
};

std::vector<uint8_t> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in)
    safetensors::fail(kLoadOp, path, std::string("cannot open it (") + std::strerror(errno) + ")");
  std::vector<uint8_t> bytes(static_cast<size_t>(in.tellg()));
  in.seekg(0);
  in.read(reinterpret_cast<char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  if (!in) safetensors::fail(kLoadOp, path, "reading it failed");
  return bytes;
}

json parse_header(const std::string& path, const std::vector<uint8_t>& file) {
  if (file.size() < safetensors::kLengthBytes)
    safetensors::fail(kLoadOp, path,
                      "truncated: " + std::to_string(file.size()) +
                          " bytes, too short for the 8-byte header length");
  uint64_t length;
  std::memcpy(&length, file.data(), sizeof length);
  if (length > safetensors::kMaxHeaderBytes)
    safetensors::fail(kLoadOp, path,
                      "the header length " + std::to_string(length) +
                          " is over the format's 100 MB limit: the file is corrupt "
                          "or not a safetensors file");
  if (length > file.size() - safetensors::kLengthBytes)
    safetensors::fail(kLoadOp, path,
                      "truncated: the header of " + std::to_string(length) +
                          " bytes runs past the end of the file (" + std::to_string(file.size()) +
                          " bytes)");
  const char* text = reinterpret_cast<const char*>(file.data()) + safetensors::kLengthBytes;
  json header;
  try {
    header = json::parse(text, text + length);
  } catch (const json::parse_error& e) {
    safetensors::fail(kLoadOp, path,
                      std::string("the header is not valid JSON (") + e.what() + ")");
  }
  if (!header.is_object())
    safetensors::fail(kLoadOp, path, "the header is JSON but not an object of tensors");
  return header;
}

std::string tensor_named(const std::string& name) { return "tensor \"" + name + "\""; }

uint64_t offset(const std::string& path, const std::string& name, const json& v) {
  if (!v.is_number_unsigned())
    safetensors::fail(
        kLoadOp, path,
        tensor_named(name) + ": data_offsets holds " + v.dump() + ", not a non-negative integer");
  return v.get<uint64_t>();
}

Entry entry_of(const std::string& path, const std::string& name, const json& v) {
  if (!v.is_object() || !v.contains("dtype") || !v.contains("shape") || !v.contains("data_offsets"))
    safetensors::fail(kLoadOp, path,
                      tensor_named(name) +
                          ": expected an object with dtype, shape and "
                          "data_offsets, got " +
                          v.dump());
  Entry e{name, DType::Float32, {}, 0, 0};
  const json& code = v["dtype"];
  std::optional<DType> dtype;
  if (code.is_string()) dtype = safetensors::dtype_of_code(code.get<std::string>());
  if (!dtype)
    safetensors::fail(kLoadOp, path,
                      tensor_named(name) + ": dtype " + code.dump() +
                          " is not one ingot reads (BOOL, U8-U64, I8-I64, F16, "
                          "BF16, F32, F64)");
  e.dtype = *dtype;
  const json& shape = v["shape"];
  if (!shape.is_array())
    safetensors::fail(kLoadOp, path,
                      tensor_named(name) + ": shape " + shape.dump() + " is not an array");
  uint64_t bytes = dtype_size(e.dtype);
  for (const json& d : shape) {
    if (!d.is_number_unsigned() || d.get<uint64_t>() > uint64_t(INT64_MAX))
      safetensors::fail(kLoadOp, path,
                        tensor_named(name) + ": shape " + shape.dump() +
                            " holds something other than a non-negative integer");
    e.shape.push_back(d.get<int64_t>());
    if (__builtin_mul_overflow(bytes, d.get<uint64_t>(), &bytes))
      safetensors::fail(kLoadOp, path,
                        tensor_named(name) + ": shape " + shape.dump() + " is too large");
  }
  const json& offsets = v["data_offsets"];
  if (!offsets.is_array() || offsets.size() != 2)
    safetensors::fail(
        kLoadOp, path,
        tensor_named(name) + ": data_offsets " + offsets.dump() + " is not a [begin, end] pair");
  e.begin = offset(path, name, offsets[0]);
  e.end = offset(path, name, offsets[1]);
  if (e.end < e.begin || e.end - e.begin != bytes)
    safetensors::fail(kLoadOp, path,
                      tensor_named(name) + ": data_offsets " + offsets.dump() + " span " +
                          std::to_string(e.end - e.begin) + " bytes, but " + dtype_name(e.dtype) +
                          " of shape " + nn_text::shape_text(e.shape) + " needs " +
                          std::to_string(bytes));
  return e;
}

std::map<std::string, std::string> metadata_of(const std::string& path, const json& v) {
  std::map<std::string, std::string> out;
  if (!v.is_object())
    safetensors::fail(kLoadOp, path, "__metadata__ is " + v.dump() + ", not an object of strings");
  for (const auto& [key, value] : v.items()) {
    if (!value.is_string())
      safetensors::fail(kLoadOp, path,
                        "__metadata__ entry \"" + key + "\" is " + value.dump() + ", not a string");
    out[key] = value.get<std::string>();
  }
  return out;
}

// The tensors must tile the data exactly, in some order: no overlap, no hole, nothing
// past the end (the format's rule; a truncated file fails here).
void check_layout(const std::string& path, std::vector<Entry>& entries, uint64_t data_bytes) {
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
  });
  uint64_t at = 0;
  for (size_t i = 0; i < entries.size(); ++i) {
    const Entry& e = entries[i];
    if (e.end > data_bytes)
      safetensors::fail(kLoadOp, path,
                        "truncated: " + tensor_named(e.name) + " needs bytes [" +
                            std::to_string(e.begin) + ", " + std::to_string(e.end) +
                            ") of the data, which has " + std::to_string(data_bytes));
    if (e.begin < at)
      safetensors::fail(kLoadOp, path,
                        tensor_named(e.name) + " overlaps " + tensor_named(entries[i - 1].name));
    if (e.begin > at)
      safetensors::fail(kLoadOp, path,
                        "the data has a hole: bytes [" + std::to_string(at) + ", " +
                            std::to_string(e.begin) + ") belong to no tensor");
    at = e.end;
  }
  if (at != data_bytes)
    safetensors::fail(
        kLoadOp, path,
        std::to_string(data_bytes - at) + " bytes at the end of the data belong to no tensor");
}

}  // namespace

SafetensorsFile load_safetensors(const std::string& path, const std::string& device) {
  std::vector<uint8_t> file = read_file(path);
  json header = parse_header(path, file);
  uint64_t length;
  std::memcpy(&length, file.data(), sizeof length);
  const uint8_t* data = file.data() + safetensors::kLengthBytes + length;
  uint64_t data_bytes = file.size() - safetensors::kLengthBytes - length;
  SafetensorsFile out;
  std::vector<Entry> entries;
  for (const auto& [name, value] : header.items()) {
    if (name == "__metadata__")
      out.metadata = metadata_of(path, value);
    else
      entries.push_back(entry_of(path, name, value));
  }
  check_layout(path, entries, data_bytes);
  for (const Entry& e : entries)
    out.tensors.emplace_back(e.name, Tensor::from_data(data + e.begin, e.dtype, e.shape, device));
  return out;
}

}  // namespace ingot
