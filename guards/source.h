// Sources: where a value the tracer saw lives, relative to the frame being compiled.
// They name graph inputs, guard subjects and the objects side effects write to, and
// print as upstream's sources do: L['x'], G['scale'], L['self'].fc1.weight, L['xs'][0],
// L['d']['k']. Sources are immutable and shared.
#ifndef WICK_GUARDS_SOURCE_H_
#define WICK_GUARDS_SOURCE_H_

#include <cstdint>
#include <memory>
#include <string>

namespace wick::guards {

class Source;
using SourcePtr = std::shared_ptr<const Source>;

class Source {
 public:
  enum class Kind : uint8_t {
    kLocal,   // a fast local of the frame: name, index into varnames
    kCell,    // a cell or free variable's contents: name, index into cells
    kGlobal,  // the frame's globals dict (then builtins): name
    kAttr,    // attribute `name` of base
    kItem,    // base[index] (list/tuple) or base[key] (dict with str or int key)
    kStack,   // value stack slot `index` of a resume entry's frame (bottom first),
              // printed as upstream's resume-function argument: L['___stack0']
  };

  static SourcePtr Local(std::string name, int32_t index);
  static SourcePtr Cell(std::string name, int32_t index);
  static SourcePtr Global(std::string name);
  static SourcePtr Stack(int32_t index);
  static SourcePtr Attr(SourcePtr base, std::string name);
  static SourcePtr Item(SourcePtr base, int64_t index);
  static SourcePtr StrItem(SourcePtr base, std::string key);

  Kind kind() const { return kind_; }
  const std::string& name() const { return name_; }  // local/cell/global/attr name, str key
  int64_t index() const { return index_; }           // local/cell slot, int item index
  bool has_str_key() const { return str_key_; }
  const SourcePtr& base() const { return base_; }

  // Upstream's spelling: "L['x']", "G['w']", "L['self'].fc1", "L['xs'][0]", "L['d']['k']".
  std::string Name() const;
  // The local or global the chain starts from ("x" for L['x'].a[0]), used by messages
  // such as "tensor 'x' size mismatch".
  std::string RootName() const;
  bool operator==(const Source& o) const;

 private:
  static SourcePtr Make(Kind kind, std::string name, int64_t index, bool str_key,
                        SourcePtr base);

  Kind kind_ = Kind::kLocal;
  std::string name_;
  int64_t index_ = 0;
  bool str_key_ = false;
  SourcePtr base_;
};

}  // namespace wick::guards

#endif  // WICK_GUARDS_SOURCE_H_
