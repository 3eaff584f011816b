"""Only for the wheel's layout and tag: with libsudoku/libsudoku.so bundled, the wheel holds a
native library (loaded by ctypes, so independent of the Python version and ABI), and is tagged
py3-none-<platform>. Without it the wheel is pure Python and uses the library found at run time.
"""

from pathlib import Path

from setuptools import Distribution, setup
from setuptools.command.bdist_wheel import bdist_wheel

BUNDLED = (Path(__file__).resolve().parent / "libsudoku" / "libsudoku.so").is_file()


class MaybeBinaryDistribution(Distribution):
    # Installs the package as platform-specific (platlib) when it carries the library.
    def has_ext_modules(self) -> bool:
        return BUNDLED


class PlatformWheel(bdist_wheel):
    def get_tag(self) -> "tuple[str, str, str]":
        python, abi, platform = super().get_tag()
        return ("py3", "none", platform) if BUNDLED else (python, abi, platform)


setup(distclass=MaybeBinaryDistribution, cmdclass={"bdist_wheel": PlatformWheel})
