#ifndef THUMBLAB_CCRYPTO_SHIM_H
#define THUMBLAB_CCRYPTO_SHIM_H
/* The one-shot SHA-256 context (SHA256_Init/Update/Final) is a plain struct, so a Swift
   value can hold it; OpenSSL 3 marks these functions deprecated in favour of EVP. */
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/sha.h>
#endif
