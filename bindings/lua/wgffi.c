/*
 * wgffi — the Lua 5.4 back end of the wargame Lua module.
 *
 * A small, generic foreign-function core: it dlopens libwargame and calls
 * its functions through libffi, following the signature table generated from
 * include/wargame.h (bindings/lua/wargame_decl.lua).  It knows nothing about
 * the individual functions; the parameter kinds of the table say what to do:
 *
 *   in:T str ptr h:T cb:T          inputs, in order, from the Lua arguments (a callback is a Lua
 *                                  function or nil, never a raw pointer)
 *   cap                            an input too: nil sizes the call automatically
 *   out:T outs outh:T outhb:T      results, returned after the return value
 *   arr:T buf count                arrays (Lua tables) and buffers (Lua strings) of cap
 *                                  elements; count gives their filled length
 *   inarr:T inlen                  an input array and its count: one Lua argument, a table
 *                                  (its array part) or nil; an empty one passes NULL, 0
 *
 * A raw call returns the C return value (nil for void) followed by the
 * results in parameter order; it never raises for a negative status (the Lua
 * layer does, with the handle's message), but raises for a wrong argument
 * type and for a closed handle.
 *
 * Handles are full userdata with __gc and __close.  An owned handle counts
 * as a child of its context; closing a context while children live only
 * marks it closed, and the C context is freed with its last child.  A
 * borrowed handle (owned by another handle, e.g. the map of a game) is
 * usable only while that handle is open.  Callbacks are libffi closures
 * that live for the duration of the call; a Lua error inside one is caught,
 * the C call is told to stop, and the error is raised again once the C call
 * has returned.
 */
#include <dlfcn.h>
#include <ffi.h>
#include <lauxlib.h>
#include <lua.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define WGFFI_MAXP 16
#define WGFFI_HANDLE "wgffi.handle"
#define WGFFI_EBUFSIZE (-12)
#define WGFFI_EINVAL (-1)

int luaopen_wgffi(lua_State *L);

#if LUA_VERSION_NUM < 504
/* Built against the headers of an older Lua (a LuaRocks tree for Lua 5.1, which LuaJIT shares): LuaJIT
 * calls the library through its own ffi and never loads this module; any other interpreter is told. */
int luaopen_wgffi(lua_State *L)
{
    return luaL_error(L, "wgffi: the wargame module needs Lua 5.4 or LuaJIT (this is %s)", LUA_VERSION);
}
#else

/* ---------------------------------------------------------------- scalar types */

enum { S_CHAR, S_SCHAR, S_UCHAR, S_SHORT, S_USHORT, S_INT, S_UINT, S_LONG, S_ULONG, S_LLONG, S_ULLONG,
       S_FLOAT, S_DOUBLE, S_BOOL, S_SIZE, S_I8, S_U8, S_I16, S_U16, S_I32, S_U32, S_I64, S_U64, S_IPTR,
       S_UPTR, S_COUNT };

static const char *const scalar_names[S_COUNT] = {
    "char", "schar", "uchar", "short", "ushort", "int", "unsigned", "long", "ulong", "longlong", "ulonglong",
    "float", "double", "bool", "size_t", "int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t",
    "int64_t", "uint64_t", "intptr_t", "uintptr_t"};

typedef union wgval {
    char c;
    signed char sc;
    unsigned char uc;
    short s;
    unsigned short us;
    int i;
    unsigned u;
    long l;
    unsigned long ul;
    long long ll;
    unsigned long long ull;
    float f;
    double d;
    _Bool b;
    size_t z;
    int8_t i8;
    uint8_t u8;
    int16_t i16;
    uint16_t u16;
    int32_t i32;
    uint32_t u32;
    int64_t i64;
    uint64_t u64;
    intptr_t ip;
    uintptr_t up;
    void *p;
} wgval;

static ffi_type *scalar_ffi(int s)
{
    switch (s) {
    case S_CHAR: return &ffi_type_schar;
    case S_SCHAR: return &ffi_type_schar;
    case S_UCHAR: return &ffi_type_uchar;
    case S_SHORT: return &ffi_type_sshort;
    case S_USHORT: return &ffi_type_ushort;
    case S_INT: return &ffi_type_sint;
    case S_UINT: return &ffi_type_uint;
    case S_LONG: return &ffi_type_slong;
    case S_ULONG: return &ffi_type_ulong;
    case S_LLONG: return &ffi_type_sint64;
    case S_ULLONG: return &ffi_type_uint64;
    case S_FLOAT: return &ffi_type_float;
    case S_DOUBLE: return &ffi_type_double;
    case S_BOOL: return &ffi_type_uint8;
    case S_SIZE: return sizeof(size_t) == 8 ? &ffi_type_uint64 : &ffi_type_uint32;
    case S_I8: return &ffi_type_sint8;
    case S_U8: return &ffi_type_uint8;
    case S_I16: return &ffi_type_sint16;
    case S_U16: return &ffi_type_uint16;
    case S_I32: return &ffi_type_sint32;
    case S_U32: return &ffi_type_uint32;
    case S_I64: return &ffi_type_sint64;
    case S_U64: return &ffi_type_uint64;
    case S_IPTR: return sizeof(intptr_t) == 8 ? &ffi_type_sint64 : &ffi_type_sint32;
    default: return sizeof(uintptr_t) == 8 ? &ffi_type_uint64 : &ffi_type_uint32;
    }
}

static size_t scalar_size(int s)
{
    return scalar_ffi(s)->size;
}

static int scalar_is_float(int s)
{
    return s == S_FLOAT || s == S_DOUBLE;
}

/* Stores a Lua value into *v as scalar s. */
static void scalar_set(lua_State *L, int idx, int s, wgval *v, const char *fname)
{
    if (scalar_is_float(s)) {
        lua_Number n = luaL_checknumber(L, idx);
        if (s == S_FLOAT)
            v->f = (float)n;
        else
            v->d = n;
        return;
    }
    lua_Integer n;
    if (lua_isboolean(L, idx)) {
        n = lua_toboolean(L, idx);
    } else {
        int isnum = 0;
        n = lua_tointegerx(L, idx, &isnum);
        if (!isnum)
            luaL_error(L, "%s: argument #%d must be an integer, got %s", fname, idx, luaL_typename(L, idx));
    }
    switch (s) {
    case S_CHAR: v->c = (char)n; break;
    case S_SCHAR: v->sc = (signed char)n; break;
    case S_UCHAR: v->uc = (unsigned char)n; break;
    case S_SHORT: v->s = (short)n; break;
    case S_USHORT: v->us = (unsigned short)n; break;
    case S_INT: v->i = (int)n; break;
    case S_UINT: v->u = (unsigned)n; break;
    case S_LONG: v->l = (long)n; break;
    case S_ULONG: v->ul = (unsigned long)n; break;
    case S_LLONG: v->ll = (long long)n; break;
    case S_ULLONG: v->ull = (unsigned long long)n; break;
    case S_BOOL: v->b = n != 0; break;
    case S_SIZE: v->z = (size_t)n; break;
    case S_I8: v->i8 = (int8_t)n; break;
    case S_U8: v->u8 = (uint8_t)n; break;
    case S_I16: v->i16 = (int16_t)n; break;
    case S_U16: v->u16 = (uint16_t)n; break;
    case S_I32: v->i32 = (int32_t)n; break;
    case S_U32: v->u32 = (uint32_t)n; break;
    case S_I64: v->i64 = (int64_t)n; break;
    case S_U64: v->u64 = (uint64_t)n; break;
    case S_IPTR: v->ip = (intptr_t)n; break;
    default: v->up = (uintptr_t)n; break;
    }
}

/* Pushes the scalar at p (64-bit unsigned values above 2^63 wrap to negative integers). */
static void scalar_push(lua_State *L, int s, const void *p)
{
    wgval v;
    memcpy(&v, p, scalar_size(s));
    switch (s) {
    case S_CHAR: lua_pushinteger(L, v.c); break;
    case S_SCHAR: lua_pushinteger(L, v.sc); break;
    case S_UCHAR: lua_pushinteger(L, v.uc); break;
    case S_SHORT: lua_pushinteger(L, v.s); break;
    case S_USHORT: lua_pushinteger(L, v.us); break;
    case S_INT: lua_pushinteger(L, v.i); break;
    case S_UINT: lua_pushinteger(L, (lua_Integer)v.u); break;
    case S_LONG: lua_pushinteger(L, (lua_Integer)v.l); break;
    case S_ULONG: lua_pushinteger(L, (lua_Integer)v.ul); break;
    case S_LLONG: lua_pushinteger(L, (lua_Integer)v.ll); break;
    case S_ULLONG: lua_pushinteger(L, (lua_Integer)v.ull); break;
    case S_FLOAT: lua_pushnumber(L, v.f); break;
    case S_DOUBLE: lua_pushnumber(L, v.d); break;
    case S_BOOL: lua_pushboolean(L, v.b); break;
    case S_SIZE: lua_pushinteger(L, (lua_Integer)v.z); break;
    case S_I8: lua_pushinteger(L, v.i8); break;
    case S_U8: lua_pushinteger(L, v.u8); break;
    case S_I16: lua_pushinteger(L, v.i16); break;
    case S_U16: lua_pushinteger(L, v.u16); break;
    case S_I32: lua_pushinteger(L, v.i32); break;
    case S_U32: lua_pushinteger(L, (lua_Integer)v.u32); break;
    case S_I64: lua_pushinteger(L, (lua_Integer)v.i64); break;
    case S_U64: lua_pushinteger(L, (lua_Integer)v.u64); break;
    case S_IPTR: lua_pushinteger(L, (lua_Integer)v.ip); break;
    default: lua_pushinteger(L, (lua_Integer)v.up); break;
    }
}

static int scalar_lookup(const char *name)
{
    for (int i = 0; i < S_COUNT; i++)
        if (strcmp(scalar_names[i], name) == 0)
            return i;
    return -1;
}

/* ---------------------------------------------------------------- handles */

typedef struct wgtype {
    char name[64];
    void *freefn;
    int free_status;
} wgtype;

typedef struct wgh {
    void *ptr;
    const wgtype *type;
    struct wgh *parent; /* owned: the context it counts against; borrowed: the handle it came from */
    int owned;
    int closed;
    int children; /* owned handles counting against this one */
    int busy;     /* C calls under way on it that run Lua callbacks: closing it then frees it after them */
} wgh;

/* The owned handle whose memory a handle lives in (itself, or the owner of the handle it came from). */
static wgh *h_owner(wgh *h)
{
    while (!h->owned && h->parent)
        h = h->parent;
    return h;
}

static int h_usable(const wgh *h)
{
    if (h->closed || h->ptr == NULL)
        return 0;
    if (!h->owned && h->parent)
        return h_usable(h->parent);
    return 1;
}

static void h_free_now(wgh *h)
{
    void *p = h->ptr;
    if (p == NULL || !h->owned)
        return;
    if (h->type->free_status) {
        int (*f)(void *);
        *(void **)(&f) = h->type->freefn;
        if (f(p) != 0)
            return; /* still busy: keep it (never reached when the counts are right) */
    } else {
        void (*f)(void *);
        *(void **)(&f) = h->type->freefn;
        f(p);
    }
    h->ptr = NULL;
    wgh *root = h->parent;
    h->parent = NULL;
    if (root) {
        root->children--;
        if (root->closed && root->children == 0 && root->busy == 0)
            h_free_now(root);
    }
}

static void h_close(wgh *h)
{
    if (h->closed)
        return;
    h->closed = 1;
    if (h->owned && h->children == 0 && h->busy == 0)
        h_free_now(h);
}

static int l_handle_gc(lua_State *L)
{
    wgh *h = luaL_checkudata(L, 1, WGFFI_HANDLE);
    h_close(h);
    return 0;
}

static int l_handle_tostring(lua_State *L)
{
    wgh *h = luaL_checkudata(L, 1, WGFFI_HANDLE);
    lua_pushfstring(L, "%s: %p%s", h->type->name, (void *)h, h_usable(h) ? "" : " (closed)");
    return 1;
}

static wgh *check_handle(lua_State *L, int idx)
{
    return luaL_checkudata(L, idx, WGFFI_HANDLE);
}

static int l_close(lua_State *L)
{
    h_close(check_handle(L, 1));
    return 0;
}

static int l_isopen(lua_State *L)
{
    lua_pushboolean(L, h_usable(check_handle(L, 1)));
    return 1;
}

static int l_typename(lua_State *L)
{
    wgh *h = luaL_testudata(L, 1, WGFFI_HANDLE);
    if (h)
        lua_pushstring(L, h->type->name);
    else
        lua_pushnil(L);
    return 1;
}

static int l_owned(lua_State *L)
{
    lua_pushboolean(L, check_handle(L, 1)->owned);
    return 1;
}

static int l_children(lua_State *L)
{
    lua_pushinteger(L, check_handle(L, 1)->children);
    return 1;
}

/* ---------------------------------------------------------------- signatures */

enum { K_IN, K_STR, K_PTR, K_H, K_CB, K_OUT, K_OUTS, K_OUTH, K_OUTHB, K_ARR, K_BUF, K_CAP, K_COUNT, K_INARR,
       K_INLEN };
enum { R_VOID, R_STATUS, R_STR, R_SCALAR, R_PTR };

typedef struct wgparam {
    int kind;
    int scalar;
    const wgtype *type;        /* h, outh, outhb */
    const struct wgcb *cb;     /* cb */
} wgparam;

typedef struct wgcb {
    char name[64];
    ffi_cif cif;
    ffi_type *atypes[WGFFI_MAXP];
    int ret, rscalar, n;
    wgparam p[WGFFI_MAXP];
} wgcb;

typedef struct wgfn {
    char name[64];
    void *sym;
    ffi_cif cif;
    ffi_type *atypes[WGFFI_MAXP];
    int ret, rscalar, n;
    int constructor; /* returns an owned handle: callbacks it takes must not be Lua functions */
    wgparam p[WGFFI_MAXP];
} wgfn;

/* The library: the types and callbacks of the table live in userdata kept in a Lua table
   (upvalue 1 of every function closure). */

static const wgtype *find_type(lua_State *L, int types, const char *name)
{
    lua_getfield(L, types, name);
    const wgtype *t = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return t;
}

static const wgcb *find_cb(lua_State *L, int cbs, const char *name)
{
    lua_getfield(L, cbs, name);
    const wgcb *c = lua_touserdata(L, -1);
    lua_pop(L, 1);
    return c;
}

static void parse_ret(lua_State *L, const char *k, int *ret, int *rscalar, const char *fname)
{
    *rscalar = -1;
    if (strcmp(k, "void") == 0)
        *ret = R_VOID;
    else if (strcmp(k, "status") == 0)
        *ret = R_STATUS, *rscalar = S_INT;
    else if (strcmp(k, "str") == 0)
        *ret = R_STR;
    else if (strcmp(k, "ptr") == 0)
        *ret = R_PTR;
    else if (strncmp(k, "in:", 3) == 0 && (*rscalar = scalar_lookup(k + 3)) >= 0)
        *ret = R_SCALAR;
    else
        luaL_error(L, "wgffi: %s: unknown return kind '%s'", fname, k);
}

static void parse_param(lua_State *L, const char *k, wgparam *p, int types, int cbs, const char *fname)
{
    const char *colon = strchr(k, ':');
    size_t hl = colon ? (size_t)(colon - k) : strlen(k);
    const char *arg = colon ? colon + 1 : "";
    static const struct { const char *name; int kind; } kinds[] = {
        {"in", K_IN}, {"str", K_STR}, {"ptr", K_PTR}, {"h", K_H}, {"cb", K_CB}, {"out", K_OUT},
        {"outs", K_OUTS}, {"outh", K_OUTH}, {"outhb", K_OUTHB}, {"arr", K_ARR}, {"buf", K_BUF},
        {"cap", K_CAP}, {"count", K_COUNT}, {"inarr", K_INARR}, {"inlen", K_INLEN}};
    p->kind = -1;
    p->scalar = -1;
    p->type = NULL;
    p->cb = NULL;
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
        if (strlen(kinds[i].name) == hl && strncmp(kinds[i].name, k, hl) == 0)
            p->kind = kinds[i].kind;
    switch (p->kind) {
    case K_IN:
    case K_OUT:
    case K_ARR:
    case K_INARR:
        p->scalar = scalar_lookup(arg);
        if (p->scalar < 0)
            luaL_error(L, "wgffi: %s: unknown scalar type in '%s'", fname, k);
        break;
    case K_H:
    case K_OUTH:
    case K_OUTHB:
        p->type = find_type(L, types, arg);
        if (!p->type)
            luaL_error(L, "wgffi: %s: unknown handle type in '%s'", fname, k);
        break;
    case K_CB:
        p->cb = find_cb(L, cbs, arg);
        if (!p->cb)
            luaL_error(L, "wgffi: %s: unknown callback type in '%s'", fname, k);
        break;
    case K_CAP:
    case K_COUNT:
    case K_INLEN:
        p->scalar = S_SIZE;
        break;
    case -1:
        luaL_error(L, "wgffi: %s: unknown parameter kind '%s'", fname, k);
        break;
    default:
        break;
    }
}

static ffi_type *param_ffi(const wgparam *p)
{
    if (p->kind == K_IN || p->kind == K_CAP || p->kind == K_INLEN)
        return scalar_ffi(p->scalar);
    return &ffi_type_pointer;
}

/* ---------------------------------------------------------------- callbacks */

typedef struct wgcbcall {
    lua_State *L;
    const wgcb *cb;
    int fnidx; /* stack index of the Lua function */
    int erridx; /* stack index of a slot for the first error (nil until one happens) */
} wgcbcall;

static void cb_handler(ffi_cif *cif, void *ret, void **args, void *ud)
{
    wgcbcall *cc = ud;
    lua_State *L = cc->L;
    const wgcb *cb = cc->cb;
    (void)cif;
    int failed = !lua_isnil(L, cc->erridx);
    int nout = 0;
    if (!failed) {
        lua_pushvalue(L, cc->fnidx);
        int nin = 0;
        for (int i = 0; i < cb->n; i++) {
            if (cb->p[i].kind == K_IN) {
                scalar_push(L, cb->p[i].scalar, args[i]);
                nin++;
            } else if (cb->p[i].kind == K_OUT) {
                nout++;
            }
        }
        if (lua_pcall(L, nin, nout, 0) != LUA_OK) {
            lua_replace(L, cc->erridx);
            failed = 1;
        } else {
            int j = 0;
            int base = lua_gettop(L) - nout + 1;
            for (int i = 0; i < cb->n; i++) {
                if (cb->p[i].kind != K_OUT)
                    continue;
                void *dst = *(void **)args[i];
                int idx = base + j++;
                wgval v;
                memset(&v, 0, sizeof v);
                if (lua_isboolean(L, idx))
                    lua_pushinteger(L, lua_toboolean(L, idx));
                else if (lua_isnil(L, idx))
                    lua_pushinteger(L, 0);
                else
                    lua_pushvalue(L, idx);
                int ok = 0;
                if (scalar_is_float(cb->p[i].scalar))
                    ok = lua_isnumber(L, -1);
                else
                    (void)lua_tointegerx(L, -1, &ok);
                if (!ok) {
                    lua_pop(L, 1);
                    lua_pushfstring(L, "%s callback: result #%d must be an integer", cb->name, j);
                    lua_replace(L, cc->erridx);
                    failed = 1;
                    break;
                }
                scalar_set(L, lua_gettop(L), cb->p[i].scalar, &v, cb->name);
                lua_pop(L, 1);
                if (dst)
                    memcpy(dst, &v, scalar_size(cb->p[i].scalar));
            }
            lua_settop(L, base - 1);
        }
    }
    if (cb->ret == R_SCALAR) {
        wgval v;
        memset(&v, 0, sizeof v);
        v.i = failed ? WGFFI_EINVAL : 0;
        /* libffi widens small integer returns to ffi_arg */
        if (scalar_ffi(cb->rscalar)->size < sizeof(ffi_arg))
            *(ffi_arg *)ret = (ffi_arg)(ffi_sarg)v.i;
        else
            memcpy(ret, &v, scalar_size(cb->rscalar));
    } else if (cb->ret == R_PTR) {
        *(void **)ret = NULL;
    }
}

/* ---------------------------------------------------------------- calls */

static wgh *push_handle(lua_State *L, void *ptr, const wgtype *t, wgh *parent, int parent_idx, int owned)
{
    wgh *h = lua_newuserdatauv(L, sizeof *h, 1);
    h->ptr = ptr;
    h->type = t;
    h->owned = owned;
    h->closed = 0;
    h->children = 0;
    h->busy = 0;
    h->parent = NULL;
    if (parent) {
        if (owned) {
            wgh *root = parent->owned && parent->parent ? parent->parent : parent;
            /* keep the root alive: it is the parent's uservalue when the parent is not the root */
            if (root == parent)
                lua_pushvalue(L, parent_idx);
            else
                lua_getiuservalue(L, parent_idx, 1);
            lua_setiuservalue(L, -2, 1);
            h->parent = root;
            root->children++;
        } else {
            lua_pushvalue(L, parent_idx);
            lua_setiuservalue(L, -2, 1);
            h->parent = parent;
        }
    }
    luaL_setmetatable(L, WGFFI_HANDLE);
    return h;
}

static int l_call(lua_State *L)
{
    const wgfn *fn = lua_touserdata(L, lua_upvalueindex(1));
    int nargs = lua_gettop(L);
    wgval in[WGFFI_MAXP];
    wgval outv[WGFFI_MAXP];
    void *ptrs[WGFFI_MAXP];
    void *avalues[WGFFI_MAXP];
    wgcbcall cbcalls[WGFFI_MAXP];
    ffi_closure *closures[WGFFI_MAXP];
    int nclosures = 0;
    int a = 1;
    int count_i = -1;
    size_t cap = 256;
    int auto_cap = 1;
    wgh *first_handle = NULL;
    int first_handle_idx = 0;
    wgh *inh[WGFFI_MAXP]; /* the handles passed (marked busy while Lua callbacks may run) */
    int ninh = 0;

    memset(in, 0, sizeof in);
    memset(ptrs, 0, sizeof ptrs);
    /* slot for a callback error */
    lua_pushnil(L);
    int erridx = lua_gettop(L);

    for (int i = 0; i < fn->n; i++) {
        const wgparam *p = &fn->p[i];
        switch (p->kind) {
        case K_IN:
            if (a > nargs)
                return luaL_error(L, "%s: missing argument #%d", fn->name, a);
            scalar_set(L, a++, p->scalar, &in[i], fn->name);
            avalues[i] = &in[i];
            break;
        case K_CAP:
            if (!lua_isnoneornil(L, a)) {
                lua_Integer c = luaL_checkinteger(L, a);
                luaL_argcheck(L, c >= 0, a, "capacity must not be negative");
                cap = (size_t)c;
                auto_cap = 0;
            }
            a++;
            avalues[i] = &in[i];
            break;
        case K_STR:
            if (lua_isnoneornil(L, a))
                ptrs[i] = NULL;
            else
                ptrs[i] = (void *)luaL_checkstring(L, a);
            a++;
            avalues[i] = &ptrs[i];
            break;
        case K_PTR:
            if (lua_isnoneornil(L, a))
                ptrs[i] = NULL;
            else if (lua_islightuserdata(L, a))
                ptrs[i] = lua_touserdata(L, a);
            else
                return luaL_error(L, "%s: argument #%d must be nil or a light userdata", fn->name, a);
            a++;
            avalues[i] = &ptrs[i];
            break;
        case K_H: {
            if (lua_isnoneornil(L, a)) {
                ptrs[i] = NULL;
            } else {
                wgh *h = luaL_testudata(L, a, WGFFI_HANDLE);
                if (h == NULL)
                    return luaL_error(L, "%s: argument #%d must be a %s handle, got %s", fn->name, a,
                                      p->type->name, luaL_typename(L, a));
                if (h->type != p->type && strcmp(h->type->name, p->type->name) != 0)
                    return luaL_error(L, "%s: argument #%d must be a %s handle, got a %s handle", fn->name, a,
                                      p->type->name, h->type->name);
                if (!h_usable(h))
                    return luaL_error(L, "%s: argument #%d: the %s handle is closed", fn->name, a, p->type->name);
                ptrs[i] = h->ptr;
                inh[ninh++] = h_owner(h);
                if (!first_handle) {
                    first_handle = h;
                    first_handle_idx = a;
                }
            }
            a++;
            avalues[i] = &ptrs[i];
            break;
        }
        case K_INARR: {
            /* the table at argument a becomes a userdata holding the C array, in the same stack
               slot (below the results, so it lives through the call); its count is the next
               parameter (inlen) */
            size_t len = 0;
            if (!lua_isnoneornil(L, a)) {
                if (!lua_istable(L, a))
                    return luaL_error(L, "%s: argument #%d must be a table of numbers or nil, got %s", fn->name,
                                      a, luaL_typename(L, a));
                len = (size_t)lua_rawlen(L, a);
            }
            ptrs[i] = NULL;
            if (len > 0) {
                size_t esz = scalar_size(p->scalar);
                unsigned char *mem = lua_newuserdatauv(L, len * esz, 0);
                for (size_t k = 0; k < len; k++) {
                    wgval v;
                    memset(&v, 0, sizeof v);
                    lua_rawgeti(L, a, (lua_Integer)k + 1);
                    if (!lua_isnumber(L, -1) && !lua_isboolean(L, -1))
                        return luaL_error(L, "%s: argument #%d: element %d must be a number, got %s", fn->name, a,
                                          (int)k + 1, luaL_typename(L, -1));
                    scalar_set(L, lua_gettop(L), p->scalar, &v, fn->name);
                    lua_pop(L, 1);
                    memcpy(mem + k * esz, &v, esz);
                }
                lua_replace(L, a);
                ptrs[i] = mem;
            }
            avalues[i] = &ptrs[i];
            if (i + 1 < fn->n && fn->p[i + 1].kind == K_INLEN) {
                in[i + 1].z = len;
                avalues[i + 1] = &in[i + 1];
            }
            a++;
            break;
        }
        case K_CB:
            if (lua_isnoneornil(L, a)) {
                ptrs[i] = NULL;
            } else if (lua_isfunction(L, a)) {
                if (fn->constructor)
                    return luaL_error(L, "%s: a Lua function cannot be kept as %s (pass nil)", fn->name,
                                      p->cb->name);
                void *code = NULL;
                ffi_closure *cl = ffi_closure_alloc(sizeof(ffi_closure), &code);
                if (cl == NULL)
                    return luaL_error(L, "%s: cannot allocate a callback", fn->name);
                closures[nclosures++] = cl;
                wgcbcall *cc = &cbcalls[i];
                cc->L = L;
                cc->cb = p->cb;
                cc->fnidx = a;
                cc->erridx = erridx;
                if (ffi_prep_closure_loc(cl, (ffi_cif *)&p->cb->cif, cb_handler, cc, code) != FFI_OK) {
                    for (int k = 0; k < nclosures; k++)
                        ffi_closure_free(closures[k]);
                    return luaL_error(L, "%s: cannot prepare a callback", fn->name);
                }
                ptrs[i] = code;
            } else {
                return luaL_error(L, "%s: argument #%d must be a function or nil", fn->name, a);
            }
            a++;
            avalues[i] = &ptrs[i];
            break;
        default:
            break; /* outputs: below */
        }
        if (p->kind == K_COUNT)
            count_i = i;
    }
    if (nargs >= a)
        return luaL_error(L, "%s: too many arguments (%d expected)", fn->name, a - 1);

    /* A callback may close a handle of this call: it stays allocated until the call returns. */
    if (nclosures > 0)
        for (int k = 0; k < ninh; k++)
            inh[k]->busy++;
    wgval rv;
    int rc_int = 0;
    int attempt = 0;
    int bufbase = 0;
    for (;;) {
        /* (re)allocate the outputs */
        lua_settop(L, erridx);
        bufbase = lua_gettop(L);
        memset(outv, 0, sizeof outv);
        for (int i = 0; i < fn->n; i++) {
            const wgparam *p = &fn->p[i];
            switch (p->kind) {
            case K_CAP:
                in[i].z = cap;
                break;
            case K_OUT:
            case K_COUNT:
            case K_OUTS:
            case K_OUTH:
            case K_OUTHB:
                ptrs[i] = &outv[i];
                avalues[i] = &ptrs[i];
                break;
            case K_ARR:
            case K_BUF: {
                size_t esz = p->kind == K_BUF ? 1 : scalar_size(p->scalar);
                void *mem = lua_newuserdatauv(L, cap ? cap * esz : 1, 0);
                memset(mem, 0, cap ? cap * esz : 1);
                ptrs[i] = cap ? mem : NULL;
                avalues[i] = &ptrs[i];
                break;
            }
            default:
                break;
            }
        }
        memset(&rv, 0, sizeof rv);
        ffi_arg big[2];
        ffi_call((ffi_cif *)&fn->cif, FFI_FN(fn->sym), big, avalues);
        memcpy(&rv, big, sizeof rv < sizeof big ? sizeof rv : sizeof big);
        if (fn->ret == R_STATUS)
            rc_int = (int)(ffi_sarg)big[0];
        if (!lua_isnil(L, erridx))
            break;
        if (fn->ret == R_STATUS && rc_int == WGFFI_EBUFSIZE && auto_cap && count_i >= 0 && attempt < 3 &&
            outv[count_i].z >= cap) {
            cap = outv[count_i].z + 1;
            attempt++;
            continue;
        }
        break;
    }
    for (int k = 0; k < nclosures; k++)
        ffi_closure_free(closures[k]);
    if (nclosures > 0)
        for (int k = 0; k < ninh; k++) {
            wgh *h = inh[k];
            if (--h->busy == 0 && h->closed && h->owned && h->children == 0)
                h_free_now(h);
        }
    if (!lua_isnil(L, erridx)) {
        lua_pushvalue(L, erridx);
        return lua_error(L);
    }

    /* results: the return value, then the outputs in order */
    int top0 = lua_gettop(L);
    ffi_arg *rbig = (ffi_arg *)&rv;
    switch (fn->ret) {
    case R_VOID: lua_pushnil(L); break;
    case R_STATUS: lua_pushinteger(L, rc_int); break;
    case R_STR: {
        const char *s = *(const char **)&rv;
        if (s)
            lua_pushstring(L, s);
        else
            lua_pushnil(L);
        break;
    }
    case R_PTR: lua_pushlightuserdata(L, *(void **)&rv); break;
    default:
        if (scalar_is_float(fn->rscalar) || scalar_size(fn->rscalar) >= sizeof(ffi_arg)) {
            scalar_push(L, fn->rscalar, &rv);
        } else {
            /* small integers come back widened to ffi_arg */
            wgval v;
            memset(&v, 0, sizeof v);
            switch (scalar_size(fn->rscalar)) {
            case 1: v.u8 = (uint8_t)*rbig; break;
            case 2: v.u16 = (uint16_t)*rbig; break;
            default: v.u32 = (uint32_t)*rbig; break;
            }
            scalar_push(L, fn->rscalar, &v);
        }
        break;
    }
    size_t count = cap;
    if (count_i >= 0)
        count = outv[count_i].z < cap ? outv[count_i].z : cap;
    int ok = !(fn->ret == R_STATUS && rc_int < 0);
    int bufslot = bufbase + 1;
    for (int i = 0; i < fn->n; i++) {
        const wgparam *p = &fn->p[i];
        switch (p->kind) {
        case K_OUT:
            scalar_push(L, p->scalar, &outv[i]);
            break;
        case K_OUTS: {
            const char *s = *(const char **)&outv[i];
            if (ok && s)
                lua_pushstring(L, s);
            else
                lua_pushnil(L);
            break;
        }
        case K_OUTH:
        case K_OUTHB: {
            void *hp = outv[i].p;
            if (ok && hp) {
                if (first_handle == NULL && p->kind == K_OUTHB)
                    return luaL_error(L, "%s: borrowed handle without an owner", fn->name);
                push_handle(L, hp, p->type, first_handle, first_handle_idx, p->kind == K_OUTH);
            } else {
                lua_pushnil(L);
            }
            break;
        }
        case K_BUF: {
            const char *mem = lua_touserdata(L, bufslot++);
            if (!ok) {
                lua_pushnil(L);
            } else if (count_i >= 0) {
                lua_pushlstring(L, mem, count);
            } else {
                size_t n = 0;
                while (n < cap && mem[n])
                    n++;
                lua_pushlstring(L, mem, n);
            }
            break;
        }
        case K_ARR: {
            const unsigned char *mem = lua_touserdata(L, bufslot++);
            if (!ok) {
                lua_pushnil(L);
                break;
            }
            size_t esz = scalar_size(p->scalar);
            lua_createtable(L, (int)count, 0);
            for (size_t k = 0; k < count; k++) {
                scalar_push(L, p->scalar, mem + k * esz);
                lua_rawseti(L, -2, (lua_Integer)k + 1);
            }
            break;
        }
        default:
            break;
        }
    }
    return lua_gettop(L) - top0;
}

/* The free function of a handle type, called through the table: closes the handle (idempotent). */
static int l_call_free(lua_State *L)
{
    const wgfn *fn = lua_touserdata(L, lua_upvalueindex(1));
    if (lua_gettop(L) > 1)
        return luaL_error(L, "%s: too many arguments (1 expected)", fn->name);
    if (!lua_isnoneornil(L, 1)) {
        wgh *h = luaL_testudata(L, 1, WGFFI_HANDLE);
        if (h == NULL || (h->type != fn->p[0].type && strcmp(h->type->name, fn->p[0].type->name) != 0))
            return luaL_error(L, "%s: argument #1 must be a %s handle", fn->name, fn->p[0].type->name);
        h_close(h);
    }
    if (fn->ret == R_STATUS)
        lua_pushinteger(L, 0);
    else
        lua_pushnil(L);
    return 1;
}

/* ---------------------------------------------------------------- loading */

static void read_kinds(lua_State *L, int tidx, int first, int *ret, int *rscalar, wgparam *ps, int *n,
                       int types, int cbs, const char *name)
{
    lua_rawgeti(L, tidx, first);
    parse_ret(L, luaL_checkstring(L, -1), ret, rscalar, name);
    lua_pop(L, 1);
    int len = (int)lua_rawlen(L, tidx);
    *n = len - first;
    if (*n > WGFFI_MAXP)
        luaL_error(L, "wgffi: %s has too many parameters", name);
    for (int i = 0; i < *n; i++) {
        lua_rawgeti(L, tidx, first + 1 + i);
        parse_param(L, luaL_checkstring(L, -1), &ps[i], types, cbs, name);
        lua_pop(L, 1);
    }
}

static ffi_type *ret_ffi(int ret, int rscalar)
{
    switch (ret) {
    case R_VOID: return &ffi_type_void;
    case R_STATUS: return &ffi_type_sint;
    case R_STR:
    case R_PTR: return &ffi_type_pointer;
    default: return scalar_ffi(rscalar);
    }
}

/* wgffi.open(path, decl) -> { name = function, ... } */
static int l_open(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    void *dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (dl == NULL)
        return luaL_error(L, "wgffi: cannot load %s: %s", path, dlerror());

    /* keep: { types = {name = wgtype ud}, cbs = {name = wgcb ud} } */
    lua_newtable(L);
    int keep = lua_gettop(L);
    lua_newtable(L);
    int types = lua_gettop(L);
    lua_newtable(L);
    int cbs = lua_gettop(L);
    lua_pushvalue(L, types);
    lua_setfield(L, keep, "types");
    lua_pushvalue(L, cbs);
    lua_setfield(L, keep, "cbs");

    if (lua_getfield(L, 2, "handles") != LUA_TTABLE)
        return luaL_error(L, "wgffi: decl.handles missing");
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        const char *tname = luaL_checkstring(L, -2);
        wgtype *t = lua_newuserdatauv(L, sizeof *t, 0);
        memset(t, 0, sizeof *t);
        snprintf(t->name, sizeof t->name, "%s", tname);
        lua_getfield(L, -2, "free");
        const char *fname = luaL_checkstring(L, -1);
        t->freefn = dlsym(dl, fname);
        if (t->freefn == NULL)
            return luaL_error(L, "wgffi: %s lacks %s", path, fname);
        lua_pop(L, 1);
        lua_getfield(L, -2, "free_status");
        t->free_status = lua_toboolean(L, -1);
        lua_pop(L, 1);
        lua_setfield(L, types, tname);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);

    if (lua_getfield(L, 2, "callbacks") != LUA_TTABLE)
        return luaL_error(L, "wgffi: decl.callbacks missing");
    lua_pushnil(L);
    while (lua_next(L, -2)) {
        const char *cname = luaL_checkstring(L, -2);
        wgcb *cb = lua_newuserdatauv(L, sizeof *cb, 0);
        memset(cb, 0, sizeof *cb);
        snprintf(cb->name, sizeof cb->name, "%s", cname);
        read_kinds(L, lua_gettop(L) - 1, 1, &cb->ret, &cb->rscalar, cb->p, &cb->n, types, cbs, cb->name);
        for (int i = 0; i < cb->n; i++)
            cb->atypes[i] = param_ffi(&cb->p[i]);
        if (ffi_prep_cif(&cb->cif, FFI_DEFAULT_ABI, (unsigned)cb->n, ret_ffi(cb->ret, cb->rscalar), cb->atypes) !=
            FFI_OK)
            return luaL_error(L, "wgffi: cannot prepare callback %s", cname);
        lua_setfield(L, cbs, cname);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);

    lua_newtable(L); /* result */
    int result = lua_gettop(L);
    if (lua_getfield(L, 2, "functions") != LUA_TTABLE)
        return luaL_error(L, "wgffi: decl.functions missing");
    int funcs = lua_gettop(L);
    lua_Integer nf = (lua_Integer)lua_rawlen(L, funcs);
    lua_newtable(L);
    int missing = lua_gettop(L);
    int nmissing = 0;
    for (lua_Integer k = 1; k <= nf; k++) {
        lua_rawgeti(L, funcs, k);
        int ft = lua_gettop(L);
        lua_rawgeti(L, ft, 1);
        const char *name = luaL_checkstring(L, -1);
        wgfn *fn = lua_newuserdatauv(L, sizeof *fn, 0);
        memset(fn, 0, sizeof *fn);
        snprintf(fn->name, sizeof fn->name, "%s", name);
        read_kinds(L, ft, 2, &fn->ret, &fn->rscalar, fn->p, &fn->n, types, cbs, fn->name);
        for (int i = 0; i < fn->n; i++) {
            fn->atypes[i] = param_ffi(&fn->p[i]);
            if (fn->p[i].kind == K_OUTH)
                fn->constructor = 1;
        }
        if (ffi_prep_cif(&fn->cif, FFI_DEFAULT_ABI, (unsigned)fn->n, ret_ffi(fn->ret, fn->rscalar), fn->atypes) !=
            FFI_OK)
            return luaL_error(L, "wgffi: cannot prepare %s", fn->name);
        fn->sym = dlsym(dl, name);
        if (fn->sym == NULL) {
            lua_pushstring(L, name);
            lua_rawseti(L, missing, ++nmissing);
            lua_pop(L, 3);
            continue;
        }
        lua_pushvalue(L, keep);
        if (fn->n == 1 && fn->p[0].kind == K_H && fn->p[0].type->freefn == fn->sym)
            lua_pushcclosure(L, l_call_free, 2); /* freeing goes through the handle: never twice */
        else
            lua_pushcclosure(L, l_call, 2);
        lua_setfield(L, result, name);
        lua_pop(L, 2);
    }
    lua_pushvalue(L, result);
    lua_pushvalue(L, missing);
    return 2;
}

static const luaL_Reg handle_meta[] = {
    {"__gc", l_handle_gc}, {"__close", l_handle_gc}, {"__tostring", l_handle_tostring}, {NULL, NULL}};

static const luaL_Reg funcs[] = {{"open", l_open},       {"close", l_close},       {"isopen", l_isopen},
                                 {"typename", l_typename}, {"owned", l_owned},     {"children", l_children},
                                 {NULL, NULL}};

int luaopen_wgffi(lua_State *L)
{
    if (luaL_newmetatable(L, WGFFI_HANDLE)) {
        luaL_setfuncs(L, handle_meta, 0);
        lua_pushliteral(L, "wgffi handle");
        lua_setfield(L, -2, "__metatable");
    }
    lua_pop(L, 1);
    luaL_newlib(L, funcs);
    lua_pushliteral(L, "wgffi (libffi back end)");
    lua_setfield(L, -2, "backend");
    return 1;
}

#endif /* LUA_VERSION_NUM >= 504 */
