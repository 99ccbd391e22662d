"""Repositories wick needs. A consumer workspace calls wick_dependencies(path_to_wick) after
declaring wick itself with local_repository(name = "wick", ...)."""

def wick_dependencies(wick_path = None):
    """Declares the offline shims and the system libraries under /usr.

    Args:
      wick_path: where wick's source tree is, relative to the calling workspace; None when
        called from wick's own WORKSPACE.
    """
    prefix = (wick_path + "/") if wick_path else ""
    for shim in ["rules_cc", "rules_java", "remote_coverage_tools"]:
        if shim not in native.existing_rules():
            native.local_repository(name = shim, path = prefix + "third_party/" + shim)
    for lib in ["absl", "dnnl", "re2", "gtest", "benchmark", "sleef", "lapack", "icu"]:
        name = "system_" + lib
        if name not in native.existing_rules():
            native.new_local_repository(
                name = name,
                path = "/usr",
                build_file = "@wick//third_party:" + lib + ".BUILD",
            )
