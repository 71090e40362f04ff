#include <libssh2.h>
#include <stddef.h>

/* libssh2's known_hosts API, used only to tell a changed ssh host key from an unknown one (libgit2 reads the same
 * files but reports both alike). The key type comes as libgit2's git_cert_ssh_raw_type_t (1 RSA, 2 DSS, 3–5 ECDSA
 * 256/384/521, 6 ED25519). Returns 0 when `file` holds this key for the host, 1 when it holds another key of this
 * type for the host (changed), 2 when it holds none for the host, -1 when the file cannot be read. */
static inline int lockstep_known_host_check(const char *file, const char *host, int port, const char *key,
                                            size_t key_length, int raw_type) {
    int mask;
    switch (raw_type) {
    case 1: mask = LIBSSH2_KNOWNHOST_KEY_SSHRSA; break;
    case 2: mask = LIBSSH2_KNOWNHOST_KEY_SSHDSS; break;
#ifdef LIBSSH2_KNOWNHOST_KEY_ECDSA_256
    case 3: mask = LIBSSH2_KNOWNHOST_KEY_ECDSA_256; break;
    case 4: mask = LIBSSH2_KNOWNHOST_KEY_ECDSA_384; break;
    case 5: mask = LIBSSH2_KNOWNHOST_KEY_ECDSA_521; break;
#endif
#ifdef LIBSSH2_KNOWNHOST_KEY_ED25519
    case 6: mask = LIBSSH2_KNOWNHOST_KEY_ED25519; break;
#endif
    default: return 2;
    }
    LIBSSH2_SESSION *session = libssh2_session_init_ex(NULL, NULL, NULL, NULL);
    if (session == NULL) return -1;
    LIBSSH2_KNOWNHOSTS *hosts = libssh2_knownhost_init(session);
    if (hosts == NULL) { libssh2_session_free(session); return -1; }
    int result;
    if (libssh2_knownhost_readfile(hosts, file, LIBSSH2_KNOWNHOST_FILE_OPENSSH) < 0) {
        result = -1;
    } else {
        struct libssh2_knownhost *found = NULL;
        int check = libssh2_knownhost_checkp(hosts, host, port, key, key_length,
                                             LIBSSH2_KNOWNHOST_TYPE_PLAIN | LIBSSH2_KNOWNHOST_KEYENC_RAW | mask, &found);
        result = check == LIBSSH2_KNOWNHOST_CHECK_MATCH ? 0 : check == LIBSSH2_KNOWNHOST_CHECK_MISMATCH ? 1 : 2;
    }
    libssh2_knownhost_free(hosts);
    libssh2_session_free(session);
    return result;
}
