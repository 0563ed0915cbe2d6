# shellcheck shell=bash
# shellcheck disable=SC2034  # the variables are used by the scripts that source this file
# Shared helpers of the tools/*.sh scripts (sourced, not run).

# The repository root (the parent of tools/).
WG_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# Parallel jobs for builds and ctest (the reference machine has 2 cores).
WG_JOBS=${WG_JOBS:-2}

wg_log() { printf '\n==== %s\n' "$*"; }
wg_die() { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

# wg_need_packages PKG...: installs the Debian packages that are not installed yet.  `apt-get
# update` runs once, and only when something is missing; nothing runs when all are present.
wg_need_packages() {
    local missing=() p status
    for p in "$@"; do
        status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
        [[ "$status" == installed ]] || missing+=("$p")
    done
    (( ${#missing[@]} == 0 )) && return 0
    local sudo=()
    if (( EUID != 0 )); then
        command -v sudo >/dev/null || wg_die "missing Debian packages (${missing[*]}); run as root or install them"
        sudo=(sudo)
    fi
    wg_log "installing missing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get update -q || wg_die "apt-get update failed"
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}" ||
        wg_die "apt-get install ${missing[*]} failed"
}

# The packages every build needs.
WG_BUILD_PACKAGES=(gcc libc6-dev make cmake pkg-config binutils)
