/*
 * The reference point for ci/bench-matrix: a minimal C program on libgit2 that computes the same
 * columns as git-matrix.sh (and prints the same TSV), reading the component repos on THREADS threads.
 * The issue measures the tool against this: lockstep should land within 1.5x of it.
 *
 *   cc -O2 -o c-reference c-reference.c $(pkg-config --cflags --libs libgit2) -lpthread
 *   c-reference WORKSPACE [THREADS]
 *
 * Like lockstep it finds every tag's commit (every tag's commit matters for LS102), picks the newest
 * release and the newest prerelease above it by SemVer precedence, counts the commits from the newest
 * release to HEAD, and finds main's exact pin for the component in Package.swift at main's HEAD.
 * It reads lockstep.yml only in the flow form the benchmark generator writes.
 */
#include <git2.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>

#define MAX_PRE 8

typedef struct {
    long core[3];
    int npre;
    char pre[MAX_PRE][32];
} semver;

typedef struct {
    char name[128];
    semver v;
    git_oid commit;
} vtag;

typedef struct {
    char name[128], path[512];
    char out[1024];
} component;

static component *components;
static int ncomponents;
static atomic_int next_index;
static const char *workspace;
static char *main_manifest;

static int parse_semver(const char *text, semver *v) {
    const char *p = text;
    if (*p == 'v') p++;
    memset(v, 0, sizeof *v);
    for (int i = 0; i < 3; i++) {
        if (!isdigit((unsigned char)*p)) return 0;
        if (*p == '0' && isdigit((unsigned char)p[1])) return 0;
        char *end;
        v->core[i] = strtol(p, &end, 10);
        p = end;
        if (i < 2) { if (*p != '.') return 0; p++; }
    }
    if (*p == '-') {
        p++;
        while (*p && *p != '+') {
            if (v->npre == MAX_PRE) return 0;
            size_t n = strcspn(p, ".+");
            if (n == 0 || n >= sizeof v->pre[0]) return 0;
            memcpy(v->pre[v->npre], p, n);
            v->pre[v->npre][n] = 0;
            v->npre++;
            p += n;
            if (*p == '.') p++;
        }
    }
    if (*p == '+') return 1;
    return *p == 0;
}

static int numeric(const char *s) {
    if (!*s) return 0;
    for (; *s; s++) if (!isdigit((unsigned char)*s)) return 0;
    return 1;
}

static int compare_semver(const semver *a, const semver *b) {
    for (int i = 0; i < 3; i++)
        if (a->core[i] != b->core[i]) return a->core[i] < b->core[i] ? -1 : 1;
    if (!a->npre || !b->npre) return (a->npre ? -1 : 0) + (b->npre ? 1 : 0);
    for (int i = 0; i < a->npre && i < b->npre; i++) {
        int na = numeric(a->pre[i]), nb = numeric(b->pre[i]);
        int c;
        if (na && nb) { long x = atol(a->pre[i]), y = atol(b->pre[i]); c = x < y ? -1 : x > y; }
        else if (na || nb) c = na ? -1 : 1;
        else c = strcmp(a->pre[i], b->pre[i]);
        if (c) return c < 0 ? -1 : 1;
    }
    return a->npre < b->npre ? -1 : a->npre > b->npre;
}

typedef struct {
    vtag *tags;
    int count, capacity;
} collect;

/* Every version tag with its commit. Walks the refs under refs/tags/ with a reference iterator: a packed annotated tag
 * carries its peeled commit in packed-refs (`^<oid>` lines), so it costs no object read; any other ref
 * costs one object-header read to learn whether it names a commit or a tag object. */
static void collect_tags(git_repository *repo, collect *c) {
    git_reference_iterator *it;
    git_reference *ref;
    git_odb *odb;
    if (git_repository_odb(&odb, repo) != 0) return;
    if (git_reference_iterator_glob_new(&it, repo, "refs/tags/*") != 0) { git_odb_free(odb); return; }
    while (git_reference_next(&ref, it) == 0) {
        const char *name = git_reference_name(ref) + strlen("refs/tags/");
        semver v;
        git_oid commit;
        int ok = 0;
        if (git_reference_type(ref) == GIT_REFERENCE_DIRECT && parse_semver(name, &v)) {
            const git_oid *peeled = git_reference_target_peel(ref), *target = git_reference_target(ref);
            size_t size;
            git_object_t type;
            if (peeled) {
                git_oid_cpy(&commit, peeled);
                ok = 1;
            } else if (git_odb_read_header(&size, &type, odb, target) == 0) {
                if (type == GIT_OBJECT_COMMIT) {
                    git_oid_cpy(&commit, target);
                    ok = 1;
                } else if (type == GIT_OBJECT_TAG) {
                    git_object *object, *peeled_object;
                    if (git_object_lookup(&object, repo, target, GIT_OBJECT_TAG) == 0) {
                        if (git_object_peel(&peeled_object, object, GIT_OBJECT_COMMIT) == 0) {
                            git_oid_cpy(&commit, git_object_id(peeled_object));
                            git_object_free(peeled_object);
                            ok = 1;
                        }
                        git_object_free(object);
                    }
                }
            }
        }
        if (ok) {
            if (c->count == c->capacity) {
                c->capacity = c->capacity ? c->capacity * 2 : 128;
                c->tags = realloc(c->tags, sizeof(vtag) * c->capacity);
            }
            vtag *t = &c->tags[c->count++];
            snprintf(t->name, sizeof t->name, "%s", name);
            t->v = v;
            git_oid_cpy(&t->commit, &commit);
        }
        git_reference_free(ref);
    }
    git_reference_iterator_free(it);
    git_odb_free(odb);
}

static void pin_of(const char *name, char *out, size_t size) {
    char needle[256];
    snprintf(needle, sizeof needle, "/%s.git\"", name);
    snprintf(out, size, "-");
    const char *at = main_manifest ? strstr(main_manifest, needle) : NULL;
    if (!at) return;
    const char *eol = strchr(at, '\n');
    const char *exact = strstr(at, "exact:");
    if (!exact || (eol && exact > eol)) return;
    const char *q = strchr(exact, '"');
    if (!q) return;
    const char *e = strchr(q + 1, '"');
    if (!e) return;
    snprintf(out, size, "%.*s", (int)(e - q - 1), q + 1);
}

static void read_component(component *comp) {
    char path[1024], release_commit[GIT_OID_HEXSZ + 1] = "-", pre_commit[GIT_OID_HEXSZ + 1] = "-";
    char head_hex[GIT_OID_HEXSZ + 1] = "-", branch[256] = "-", pin[64];
    snprintf(path, sizeof path, "%s/%s", workspace, comp->path);
    git_repository *repo;
    if (git_repository_open_ext(&repo, path, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL) != 0) {
        fprintf(stderr, "%s: %s\n", path, git_error_last()->message);
        exit(2);
    }
    collect c = { 0 };
    collect_tags(repo, &c);
    vtag *release = NULL, *newest = NULL;
    for (int i = 0; i < c.count; i++) {
        vtag *t = &c.tags[i];
        if (!newest || compare_semver(&t->v, &newest->v) > 0) newest = t;
        if (!t->v.npre && (!release || compare_semver(&t->v, &release->v) > 0)) release = t;
    }
    vtag *pre = newest && newest->v.npre ? newest : NULL;

    git_reference *head = NULL;
    git_oid head_oid;
    int have_head = 0;
    if (git_repository_head(&head, repo) == 0) {
        git_object *peeled;
        if (git_reference_peel(&peeled, head, GIT_OBJECT_COMMIT) == 0) {
            git_oid_cpy(&head_oid, git_object_id(peeled));
            git_oid_tostr(head_hex, sizeof head_hex, &head_oid);
            have_head = 1;
            git_object_free(peeled);
        }
        if (!git_repository_head_detached(repo)) {
            const char *full = git_reference_name(head);
            snprintf(branch, sizeof branch, "%s", strncmp(full, "refs/heads/", 11) ? full : full + 11);
        }
        git_reference_free(head);
    }
    long ahead = 0;
    if (have_head) {
        git_revwalk *walk;
        git_revwalk_new(&walk, repo);
        git_revwalk_push(walk, &head_oid);
        if (release) git_revwalk_hide(walk, &release->commit);
        git_oid oid;
        while (git_revwalk_next(&oid, walk) == 0) ahead++;
        git_revwalk_free(walk);
    }
    if (release) git_oid_tostr(release_commit, sizeof release_commit, &release->commit);
    if (pre) git_oid_tostr(pre_commit, sizeof pre_commit, &pre->commit);
    pin_of(comp->name, pin, sizeof pin);
    snprintf(comp->out, sizeof comp->out, "%s\t%s\t%s\t%s\t%s\t%ld\t%s\t%s\t%s\n", comp->name,
             release ? release->name : "-", release_commit, pre ? pre->name : "-", pre_commit, ahead,
             head_hex, branch, pin);
    free(c.tags);
    git_repository_free(repo);
}

static void *worker(void *unused) {
    (void)unused;
    for (int i; (i = atomic_fetch_add(&next_index, 1)) < ncomponents;) read_component(&components[i]);
    return NULL;
}

/* Pulls `key: value` out of a flow mapping line like `  - { name: X, path: Y, kind: base }`. */
static int field(const char *line, const char *key, char *out, size_t size) {
    char pattern[64];
    snprintf(pattern, sizeof pattern, "%s:", key);
    const char *at = strstr(line, pattern);
    if (!at) return 0;
    at += strlen(pattern);
    while (*at == ' ') at++;
    size_t n = strcspn(at, ",} \n");
    snprintf(out, size, "%.*s", (int)n, at);
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: c-reference WORKSPACE [THREADS]\n"); return 2; }
    workspace = argv[1];
    int threads = argc > 2 ? atoi(argv[2]) : 2;
    char path[1024], line[2048], main_path[512] = "";
    snprintf(path, sizeof path, "%s/lockstep.yml", workspace);
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); return 2; }
    int capacity = 1024, section = 0;
    components = calloc(capacity, sizeof *components);
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "components:", 11)) { section = 1; continue; }
        if (!strncmp(line, "apps:", 5)) { section = 2; continue; }
        if (section == 1 && strchr(line, '{')) {
            if (ncomponents == capacity) components = realloc(components, sizeof *components * (capacity *= 2));
            component *c = &components[ncomponents++];
            field(line, "name", c->name, sizeof c->name);
            field(line, "path", c->path, sizeof c->path);
        } else if (section == 2 && strstr(line, "role: main") && !*main_path) {
            field(line, "path", main_path, sizeof main_path);
        }
    }
    fclose(f);
    git_libgit2_init();
    if (*main_path) {
        git_repository *repo;
        git_object *blob;
        snprintf(path, sizeof path, "%s/%s", workspace, main_path);
        if (git_repository_open_ext(&repo, path, GIT_REPOSITORY_OPEN_NO_SEARCH, NULL) == 0) {
            if (git_revparse_single(&blob, repo, "HEAD:Package.swift") == 0) {
                size_t size = git_blob_rawsize((git_blob *)blob);
                main_manifest = malloc(size + 1);
                memcpy(main_manifest, git_blob_rawcontent((git_blob *)blob), size);
                main_manifest[size] = 0;
                git_object_free(blob);
            }
            git_repository_free(repo);
        }
    }
    pthread_t *pool = calloc(threads, sizeof *pool);
    for (int i = 0; i < threads; i++) pthread_create(&pool[i], NULL, worker, NULL);
    for (int i = 0; i < threads; i++) pthread_join(pool[i], NULL);
    for (int i = 0; i < ncomponents; i++) fputs(components[i].out, stdout);
    git_libgit2_shutdown();
    return 0;
}
