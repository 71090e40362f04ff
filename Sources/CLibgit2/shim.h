#include <git2.h>

/* git_libgit2_opts is variadic, which Swift cannot call: the one option Lockstep sets, as a plain function.
 * Points libgit2's TLS back end at the CA file and/or folder to trust (NULL: not that one). */
static inline int lockstep_set_ssl_cert_locations(const char *file, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SSL_CERT_LOCATIONS, file, path);
}
