"""The optimizer's passes, one per module; importing this package registers them all."""

from kiln.analysis import effects as _effects  # noqa: F401  (registers analyses)
from kiln.analysis import signs as _signs  # noqa: F401  (registers analyses)
from kiln.transforms.passes import batch_matvec as _batch_matvec  # noqa: F401
from kiln.transforms.passes import contract as _contract  # noqa: F401
from kiln.transforms.passes import fuse_gemm as _fuse_gemm  # noqa: F401
from kiln.transforms.passes import fusion as _fusion  # noqa: F401
from kiln.transforms.passes import hoist_blocks as _hoist_blocks  # noqa: F401
from kiln.transforms.passes import hoist_headers as _hoist_headers  # noqa: F401
from kiln.transforms.passes import hoist_loads as _hoist_loads  # noqa: F401
from kiln.transforms.passes import interchange as _interchange  # noqa: F401
from kiln.transforms.passes import licm as _licm  # noqa: F401
from kiln.transforms.passes import parallelize as _parallelize  # noqa: F401
from kiln.transforms.passes import parallelize_inner as _parallelize_inner  # noqa: F401
from kiln.transforms.passes import poll_signals as _poll_signals  # noqa: F401
from kiln.transforms.passes import rebind_in_place as _rebind_in_place  # noqa: F401
from kiln.transforms.passes import recompute as _recompute  # noqa: F401
from kiln.transforms.passes import scale_after_product as _scale_after_product  # noqa: F401
from kiln.transforms.passes import schedule_loops as _schedule_loops  # noqa: F401
from kiln.transforms.passes import shrink as _shrink  # noqa: F401
from kiln.transforms.passes import simd as _simd  # noqa: F401
from kiln.transforms.passes import simplify as _simplify  # noqa: F401
from kiln.transforms.passes import strip_outward as _strip_outward  # noqa: F401
from kiln.transforms.passes import team_regions as _team_regions  # noqa: F401
from kiln.transforms.passes import tiling as _tiling  # noqa: F401
from kiln.transforms.passes import unroll as _unroll  # noqa: F401
from kiln.transforms.passes import unswitch as _unswitch  # noqa: F401
