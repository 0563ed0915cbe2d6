/* Corpus replay without libFuzzer: feeds every file of fuzz/corpus/<target>/ once to the harness
 * of that target (or the files named on the command line to one target).
 *   wgfuzz-replay CORPUS_DIR              every target, CORPUS_DIR/<target>/
 *   wgfuzz-replay -t TARGET FILE...       one target, the given files
 * Exits non-zero when a corpus directory is missing or empty; a harness failure traps. */
#include "fuzz.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int (*fz_fn)(const uint8_t *, size_t);

static const struct {
    const char *name;
    fz_fn fn;
} TARGETS[] = {{"data", wgfuzz_data}, {"map", wgfuzz_map},   {"table", wgfuzz_table},
               {"oob", wgfuzz_oob},   {"load", wgfuzz_load}, {"game", wgfuzz_game},
               {"setup", wgfuzz_setup}, {"aigles", wgfuzz_aigles}};

enum { NTARGETS = sizeof TARGETS / sizeof TARGETS[0] };

static int run_file(fz_fn fn, const char *path)
{
    FILE *fp = fopen(path, "rb");
    if (!fp) {
        fprintf(stderr, "cannot open %s\n", path);
        return 1;
    }
    size_t cap = 4096, len = 0;
    uint8_t *buf = malloc(cap);
    for (;;) {
        if (!buf)
            break;
        size_t got = fread(buf + len, 1, cap - len, fp);
        len += got;
        if (len < cap)
            break;
        uint8_t *nb = realloc(buf, cap * 2);
        if (!nb) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = nb;
        cap *= 2;
    }
    fclose(fp);
    if (!buf) {
        fprintf(stderr, "out of memory reading %s\n", path);
        return 1;
    }
    /* an exact-size copy so that ASan sees reads past the end */
    uint8_t *exact = malloc(len ? len : 1);
    if (!exact) {
        free(buf);
        return 1;
    }
    memcpy(exact, buf, len);
    free(buf);
    fn(exact, len);
    free(exact);
    return 0;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int run_dir(const char *name, fz_fn fn, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "%s: no corpus directory %s\n", name, dir);
        return 1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **nn = realloc(names, cap * sizeof *nn);
            if (!nn)
                return 1;
            names = nn;
        }
        names[n] = malloc(strlen(dir) + strlen(e->d_name) + 2);
        if (!names[n])
            return 1;
        sprintf(names[n], "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, cmp_str);
    int bad = n == 0;
    for (size_t i = 0; i < n; i++) {
        bad |= run_file(fn, names[i]);
        free(names[i]);
    }
    free(names);
    printf("%-6s %zu inputs\n", name, n);
    return bad;
}

int main(int argc, char **argv)
{
    if (argc >= 3 && strcmp(argv[1], "-t") == 0) {
        for (size_t t = 0; t < NTARGETS; t++)
            if (strcmp(TARGETS[t].name, argv[2]) == 0) {
                int bad = 0;
                for (int i = 3; i < argc; i++)
                    bad |= run_file(TARGETS[t].fn, argv[i]);
                return bad;
            }
        fprintf(stderr, "unknown target %s\n", argv[2]);
        return 2;
    }
    if (argc != 2) {
        fprintf(stderr, "usage: %s CORPUS_DIR | -t TARGET FILE...\n", argv[0]);
        return 2;
    }
    int bad = 0;
    for (size_t t = 0; t < NTARGETS; t++) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%s/%s", argv[1], TARGETS[t].name);
        bad |= run_dir(TARGETS[t].name, TARGETS[t].fn, dir);
    }
    return bad;
}
