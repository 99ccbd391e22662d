# Follows upstream's test/dynamo/test_dynamic_shapes.py: it reruns other test classes
# with dynamic shapes assumed (make_dynamic_cls: assume_static_by_default=False,
# specialize_int=False), each test named with the suffix "_dynamic_shapes". Here the
# classes are the ported FunctionTests, MiscTests, ReproTests, NNModuleTests and
# CtxManagerTests: every test of the files below runs again under that config. A test
# that fails in its own file fails here too (same reason); DYNAMIC_KNOWN/DYNAMIC_SKIP
# list the ones that fail only with dynamic shapes. See ported.py.
import ported
import ported_ctx_manager  # noqa: F401 (registers its tests)
import ported_functions_a  # noqa: F401
import ported_functions_a2  # noqa: F401
import ported_functions_b  # noqa: F401
import ported_functions_c  # noqa: F401
import ported_functions_d  # noqa: F401
import ported_misc_a  # noqa: F401
import ported_misc_b  # noqa: F401
import ported_misc_c  # noqa: F401
import ported_misc_d  # noqa: F401
import ported_misc_e  # noqa: F401
import ported_misc_f  # noqa: F401
import ported_misc_g  # noqa: F401
import ported_misc_h  # noqa: F401
import ported_modules  # noqa: F401
import ported_repros  # noqa: F401

ops = "SymInt arithmetic is not recorded in the graph: "
cmp = "graph break (Unsupported comparison) comparing symbolic shapes"
symint = "the int input is not traced as a SymInt: frames, ops (0, 0), want (1, 2)"
DYNAMIC_KNOWN = {
    "test_int_shape_binops": ops + "op_count 1, want 9",
    "test_shape_int_inplace_binops": ops + "op_count 1, want 6",
    "test_int_shape_inplace_binops": ops + "op_count 1, want 2",
    "test_param_shape_binops": ops + "op_count 1, want 9",
    "test_user_defined_binop": ops + "op_count 1, want 2",
    "test_min_max_over_iterable": ops + "op_count 1, want 7",
    "test_compare_shapes_eq": cmp,
    "test_compare_shapes_neq": cmp,
    "test_compare_shapes_tuple_eq": cmp,
    "test_compare_shapes_tuple_neq": cmp,
    "test_assert": cmp,
    "test_list_mul": symint,
    "test_list_slice_mul": symint,
    "test_tuple_mul": symint,
}

DYNAMIC_SKIP = {
}

ported.as_variant("_dynamic_shapes", known=DYNAMIC_KNOWN, skip=DYNAMIC_SKIP,
                  assume_static_by_default=False, specialize_int=False)

if __name__ == "__main__":
    ported.main()
