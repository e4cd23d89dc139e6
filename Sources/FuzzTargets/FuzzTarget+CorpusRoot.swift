/// The root of the throwaway authority that signed `Tests/FuzzTests/Corpus/jws/`: trusting it
/// lets mutated inputs reach the chain, signature and payload checks, not only the parser.
let corpusRootPEM = """
    -----BEGIN CERTIFICATE-----
    MIICCDCCAY2gAwIBAgIIetESia7upcswCgYIKoZIzj0EAwMwSTEcMBoGA1UEAwwT
    S2lvc2sgTG9jYWwgUm9vdCBDQTEcMBoGA1UECgwTS2lvc2sgTG9jYWwgVGVzdGlu
    ZzELMAkGA1UEBhMCVVMwHhcNMjYxMTIzMTAzMTI4WhcNNDYxMTI1MTAzMTI4WjBJ
    MRwwGgYDVQQDDBNLaW9zayBMb2NhbCBSb290IENBMRwwGgYDVQQKDBNLaW9zayBM
    b2NhbCBUZXN0aW5nMQswCQYDVQQGEwJVUzB2MBAGByqGSM49AgEGBSuBBAAiA2IA
    BJZrjc0XN/UXKZrf5tXkZvtmrY8qn3Qx1e50fiOjbYTnvouIYUJ7XVcl5HTTEkml
    xgwXvYjYS3McjbHJnnhRdp/CSMsU75uCHJaFAdRx5yoPUOdsN2U282Gd3olTIHPG
    MKNCMEAwDwYDVR0TAQH/BAUwAwEB/zAdBgNVHQ4EFgQU87Phn3nkpr08yzG/qgUS
    cGNsn3cwDgYDVR0PAQH/BAQDAgEGMAoGCCqGSM49BAMDA2kAMGYCMQD9LYnPCXTS
    bkQpnvKP7fp4jtRTHtdjLKHgfG9cUpIrtcG6DbSzE1PMJBdcdU9OurQCMQCDn9Ki
    UcthkiLl59VNu3J1vv6zRLkIt7kpqRFh8Y1OaRC/A2Ic9OfMB22sa4SxboE=
    -----END CERTIFICATE-----
    """
