# Computes the variables used by pkgconfig/wargame.pc.in so that the installed wargame.pc is
# prefix-relative: its prefix is derived from ${pcfiledir}, the directory pkg-config found the
# file in, so an installed tree can be moved (or installed with `cmake --install --prefix X`)
# and still resolve.  The .pc file lives in <prefix>/<libdir>/pkgconfig.
#
# Sets WG_PC_PREFIX, WG_PC_LIBDIR, WG_PC_INCLUDEDIR.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  # An absolute libdir is not under the prefix: a relative prefix cannot be derived.
  set(WG_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
  set(WG_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
else()
  # The path from <prefix>/<libdir>/pkgconfig back to <prefix>; it does not depend on the prefix
  # itself, so any placeholder root gives the same answer ("../.." for lib, "../../.." for
  # lib/x86_64-linux-gnu).
  set(_wg_root "/wg-prefix")
  file(RELATIVE_PATH _wg_rel "${_wg_root}/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "${_wg_root}")
  string(REGEX REPLACE "/$" "" _wg_rel "${_wg_rel}")
  set(WG_PC_PREFIX "\${pcfiledir}/${_wg_rel}")
  set(WG_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
  unset(_wg_root)
  unset(_wg_rel)
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(WG_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(WG_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()

# Libraries a static link of libwargame.a needs besides libc (none: the library is pure C11
# and uses no libm).
if(NOT DEFINED WG_PC_LIBS_PRIVATE)
  set(WG_PC_LIBS_PRIVATE "")
endif()
