/**
 * Key material with known outputs published by WeChat Pay's own SDKs (wechatpay-apiv3 on
 * GitHub), pinned so that a mistake our sandbox shares with our adapter cannot hide (issue 20).
 * Each constant names where it is published. The private key is test material from the Go SDK,
 * labelled "TESTING KEY" there as here so secret scanners pass it by.
 */

/** wechatpay-go core/auth/signers/sha256withrsa_signer_test.go: SHA256-RSA of "source". */
export const goSdkSigner = {
  privateKey: `-----BEGIN TESTING KEY-----
MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDZUJN33V+dSfvd
fL0Mu+39XrZNXFFMQSy1V15FpncHeV47SmV0TzTqZc7hHB0ddqAdDi8Z5k3TKqb7
6sOwYr5TcAfuR6PIPaleyE0/0KrljBum2Isa2Nyq7Dgc3ElBQ6YN4l/a+DpvKaz1
FSKmKrhLNskqokWVSlu4g8OlKlbPXQ9ibII14MZRQrrkTmHYHzfi7GXXM0thAKuR
0HNvyhTHBh4/lrYM3GaMvmWwkwvsMavnOex6+eioZHBOb1/EIZ/LzC6zuHArPpyW
3daGaZ1rtQB1vVzTyERAVVFsXXgBHvfFud3w3ShsJYk8JvMwK2RpJ5/gV0QSARcm
LDRUAlPzAgMBAAECggEBAMc7rDeUaXiWv6bMGbZ3BTXpg1FhdddnWUnYE8HfX/km
OFI7XtBHXcgYFpcjYz4D5787pcsk7ezPidAj58zqenuclmjKnUmT3pfbI5eCA2v4
C9HnbYDrmUPK1ZcADtka4D6ScDccpNYNa1g2TFHzkIrEa6H+q7S3O2fqxY/DRVtN
0JIXalBb8daaqL5QVzSmM2BMVnHy+YITJWIkP2a3pKs9C0W65JGDsnG0wVrHinHF
+cnhFZIbaPEI//DAFMc9NkrWOKVRTEgcCUxCFaHOZVNxDWZD7A2ZfJB2rK6eg//y
gEiFDR2h6mTaDowMB4YF2n2dsIO4/dCG8vPHI20jn4ECgYEA/ZGu6lEMlO0XZnam
AZGtiNgLcCfM/C2ZERZE7QTRPZH1WdK92Al9ndldsswFw4baJrJLCmghjF/iG4zi
hhBvLnOLksnZUfjdumxoHDWXo2QBWbI5QsWIE7AuTiWgWj1I7X4fCXSQf6i+M/y2
6TogQ7d0ANpZFyOkTNMn/tiJvLECgYEA22XqlamG/yfAGWery5KNH2DGlTIyd6xJ
WtJ9j3jU99lZ0bCQ5xhiBbU9ImxCi3zgTsoqLWgA/p00HhNFNoUcTl9ofc0G3zwT
D1y0ZzcnVKxGJdZ6ohW52V0hJStAigtjYAsUgjm7//FH7PiQDBDP1Wa6xSRkDQU/
aSbQxvEE8+MCgYEA3bb8krW7opyM0XL9RHH0oqsFlVO30Oit5lrqebS0oHl3Zsr2
ZGgoBlWBsEzk3UqUhTFwm/DhJLTSJ/TQPRkxnhQ5/mewNhS9C7yua7wQkzVmWN+V
YeUGTvDGDF6qDz12/vJAgSwDDRym8x4NcXD5tTw7mmNRcwIfL22SkysThIECgYAV
BgccoEoXWS/HP2/u6fQr9ZIR6eV8Ij5FPbZacTG3LlS1Cz5XZra95UgebFFUHHtC
EY1JHJY7z8SWvTH8r3Su7eWNaIAoFBGffzqqSVazfm6aYZsOvRY6BfqPHT3p/H1h
Tq6AbBffxrcltgvXnCTORjHPglU0CjSxVs7awW3AEQKBgB5WtaC8VLROM7rkfVIq
+RXqE5vtJfa3e3N7W3RqxKp4zHFAPfr82FK5CX2bppEaxY7SEZVvVInKDc5gKdG/
jWNRBmvvftZhY59PILHO2X5vO4FXh7suEjy6VIh0gsnK36mmRboYIBGsNuDHjXLe
BDa+8mDLkWu5nHEhOxy2JJZl
-----END TESTING KEY-----`.replaceAll('TESTING KEY', 'PRIVATE KEY'),
  message: 'source',
  signature:
    'BKyAfU4iMCuvXMXS0Wzam3V/cnxZ+JaqigPM5OhljS2iOT95OO6Fsuml2JkFANJU9K6q9bLlDhPXuoVz+pp4hAm6' +
    'pHU4ld815U4jsKu1RkyaII+1CYBUYC8TK0XtJ8FwUXXz8vZHh58rrAVN1XwNyvD1vfpxrMT4SL536GLwvpUHlCqIMzoZUguLli/K8V29QiOh' +
    'uH6IEqLNJn8e9b3nwNcQ7be3CzYGpDAKBfDGPCqCv8Rw5zndhlffk2FEA70G4hvMwe51qMN/RAJbknXG23bSlObuTCN7Ndj1aJGH6/L+hdwf' +
    'LpUtJm4QYVazzW7DFD27EpSQEqA8bX9+8m1rLg==',
};

/**
 * wechatpay-go core/notify/notify_test.go: a signed, encrypted notify as WeChat Pay sends it,
 * with the platform certificate that verifies it. Its key "testMchAPIv3Key0" is 16 bytes (so
 * AES-128-GCM): the SDK test predates the 32-byte rule; the format is the same.
 */
export const goSdkNotify = {
  apiV3Key: 'testMchAPIv3Key0',
  platformCertificate: `-----BEGIN CERTIFICATE-----
MIIDVzCCAj+gAwIBAgIJANfOWdH1ItcBMA0GCSqGSIb3DQEBCwUAMEIxCzAJBgNV
BAYTAlhYMRUwEwYDVQQHDAxEZWZhdWx0IENpdHkxHDAaBgNVBAoME0RlZmF1bHQg
Q29tcGFueSBMdGQwHhcNMjEwNDI3MDg1NTIzWhcNMzEwNDI1MDg1NTIzWjBCMQsw
CQYDVQQGEwJYWDEVMBMGA1UEBwwMRGVmYXVsdCBDaXR5MRwwGgYDVQQKDBNEZWZh
dWx0IENvbXBhbnkgTHRkMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA
2VCTd91fnUn73Xy9DLvt/V62TVxRTEEstVdeRaZ3B3leO0pldE806mXO4RwdHXag
HQ4vGeZN0yqm++rDsGK+U3AH7kejyD2pXshNP9Cq5YwbptiLGtjcquw4HNxJQUOm
DeJf2vg6byms9RUipiq4SzbJKqJFlUpbuIPDpSpWz10PYmyCNeDGUUK65E5h2B83
4uxl1zNLYQCrkdBzb8oUxwYeP5a2DNxmjL5lsJML7DGr5znsevnoqGRwTm9fxCGf
y8wus7hwKz6clt3Whmmda7UAdb1c08hEQFVRbF14AR73xbnd8N0obCWJPCbzMCtk
aSef4FdEEgEXJiw0VAJT8wIDAQABo1AwTjAdBgNVHQ4EFgQUT1c7nd/SUO76HSoZ
umNUJv1R5PwwHwYDVR0jBBgwFoAUT1c7nd/SUO76HSoZumNUJv1R5PwwDAYDVR0T
BAUwAwEB/zANBgkqhkiG9w0BAQsFAAOCAQEAfTjxKRQMzNB/U6ZoCUS+BSNfa2Oh
0plMN6ZuzwiVVZwg1jywvv5yv04koS7Pd4i9E4gt9ZBUQXlpq+A3oOCEEHNRR6b2
kyazGRM7s0OP5X21WrbpSmKmU6K7hkfx30yYs08LVs/Q8DIhvaj1FCFeJzUCzYn/
fHMq4tsbKO0dKAeydPM/nrUZBmaYQVKMVOORGLFjFKVO7JV6Kq/R86ouhjEPgJOe
2xulNBUcjicqtZlBdEh/PWCYP2SpGVDclKm8jeo175T3EVAkdKzzmfpxtMmnMlmq
cTJOU9TxuGvNASMtjj7pYIerTx+xgZDXEVBWFW9PjJ0TV06tCRsgSHItgg==
-----END CERTIFICATE-----`,
  headers: {
    'wechatpay-nonce': 'EcZ9Cmy4Xyx1i6RlJQzLcCyEqDa26NBz',
    'wechatpay-timestamp': '1624523846',
    'wechatpay-serial': 'D7CE59D1F522D701',
    'wechatpay-signature':
      'tJHIiIS9eB2hAYstmAmbbD3ZE5LiIm/Ug5tuL4fC0YOFRWIHV39UFIZXC0e9Wl6lBu6sKvkqDkzpqzBsVHyXF' +
      'lbYZTOQrVdG4b6LfTnK4mikv9++ixJMd3vTf2yCqvBkh98zs3Ds5zsYQakzbcwhmw4fMJs4nPLws28H0UW9FjDR//rxELLwXvV1VEA1I' +
      'BLX70xptjL8hrfUjEE8kkry6yNJTHZRU8CAc7qHli2Ng1V1qb9ARbK8A3ThmFmPQvRGrapI/jS2laKKgYUmfdEdkNO6B2Cke5e8VTxY4' +
      '06ArAmQ90GAihDwIcb16TQMnzCMBoutnwZKNiKRACrFmtxw2Q==',
  },
  body:
    '{"id":"3119dfba-e649-5eec-ab1e-3412bc4d2e17","create_time":"2021-06-24T16:37:26+08:00",' +
    '"resource_type":"encrypt-resource","event_type":"PAYSCORE.USER_OPEN_SERVICE","summary":"签约成功",' +
    '"resource":{"original_type":"payscore","algorithm":"AEAD_AES_256_GCM","ciphertext":' +
    '"YDS3lKPaC4Y52Gf3uhft5qUBlIa8b428AWTtTauHQfQrRw+X1WpiuHIDy0vo1Vd6VEq67aVyqPdDYMkRVSDaZL3iZt' +
    'tevRMOoPKMifozg6XPWjIZumks/GpT48lI4NizyeaqLBokNebthah3o1H76qSlO9NkDjp9bzmKLEYYH9TEklFUpsvPqOTOcgSLgh21YJXYR' +
    '7dEBXFgRLiNIKRgO5JdXh1hccRUAlyVWxE54PXpnQ==","associated_data":"payscore","nonce":"Kj7QIyUiYx1q"}}',
  plaintext:
    '{"mchid":"1234567890","appid":"054aa7d7a2a54ab5898df65bd96f001c",' +
    '"create_time":"2020-06-30T12:12:00+08:00","out_contract_code":"21640bdbd08e473e828f3206a2741c6e"}',
};

/** wechatpay-java core/src/test/java/com/wechat/pay/java/core/cipher/AeadAesCipherTest.java. */
export const javaSdkAead = {
  apiV3Key: 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb',
  associatedData: 'associatedData',
  nonce: 'uluk4a9R25RW',
  ciphertext: 'ulwSiIajGClcvcOYvOQ7+l+0PAbzzwI=',
  plaintext: 'message',
};

/**
 * wechatpay-java core/src/test/java/com/wechat/pay/java/core/model/TestConfig.java: an answer of
 * GET /v3/certificates. Its encrypted certificate decrypts with the APIv3 key above to the
 * platform certificate whose serial the answer names.
 */
export const javaSdkCertificateDownload = {
  apiV3Key: 'a7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb',
  serialNo: '5DEA10EF55877E3CF6C33255C2E7DEFFF7E427EC',
  encryptCertificate: {
    algorithm: 'AEAD_AES_256_GCM',
    associated_data: 'certificate',
    nonce: '14b16c03dc1b',
    ciphertext:
      'Mr/AxbvY+WL9hKlD5nIa03LOMPpn5f+CWeNxE4ujl0f5gXZ9XLJ9CldkArCOTsbU62XgKnTc3YvRMZQ7wCmE2fzwmA' +
      'enAySTYsPms72JhggPWfdqVxri9YD5wBYKn8Ck0Fc5JIiVw9WlN2oxHBz83mRVsjoTGC5+cX1CdYqKuZ8pkvi0aCJI' +
      'q07ZC8MHoTowUz+4jYJy9XeKqip83Z7BmUYxsePpNM+HtihBqTJIUYXJfX7Col5X0ACsApRoU9l6swfW/kzvqNpDJa' +
      'vhDBGasLrr5822+Fk5nVkcTi53f8Wbue7ODWjJxj1yhRYcxFCvXLtpYNB+Qa1aXtrBSdBdBI2p7o+6Imn+auHLBCzk' +
      'rZqF/yd+d4vTn4tqHPLUj89XcHsMf96uBo3T/HQV8LEDeIO+6YvOK9FrIDYsvp+imN4n/mnF7eJKo9mpN/QqWJiawr' +
      'FpAmMMxFKBjIdpgMnVUl3Z11RcWKyfOJ3kcmItTWcnZFNyDgR9cS0aU6QPlefa3uUW89uzBuHjcFdDl43yU3LE4qZn' +
      'HLDcDgx4qt0OFCLiy51GXtEpyYs5k99YJBvKK+RyIs4Yc1/smBmClQUhxW+8bsPNOcXfDvH2yX4YzESoO4TV0RqiCg' +
      'nsSd4zIFyJPiMKIGzVHiw6Kg0eGCmB4mGHEEZCQ0eN3SSPO0QVjjtBYfgXDZfVHSaAB8PjWBVNFimoViZZQrwT6Ygo' +
      '0LU0Dd8+F5aHFYr4OPHPslr3hrgutEYXDTv1vTA6ABJGqknJ9Y2vtyWpy7aIwxc0kQq/1ezjs+RMVL/LRpGDnbx1/C' +
      'GPDjZhYgZypKa55+PDhoaQxqkF3xCLz2DGoNHZYmFqxzAOsAK0vJZw4VcAk6ssbA6YIaMuiemEpxfLC9ZiXtRqsX9s' +
      '+GWjjtA8JywOFMO+NKZm9BH/E5YNg2DDD3sHG9Mciwn7yJ6sdf8h2lAWlEExAOeiBNyshOHAQ0/S+x1ncWNiqY+Uh5' +
      'n0rtonvePV2MsxVlEWR3AVHn1abcEWkzivd+G5kg7LYO0goqzGClcQfnFfZdO6KwcMXsBCnm9A1Bl4+k5LLokTIYH5' +
      '/36SRIZ9j0CHGD77BQLE7x8AlNsoFS2m263tLLq78TFqvZUTIZIQcVIl+NInscS3xQbA38qqFqutCWIwoF1azuJ7wo' +
      'iJyMvnS3xzIpNzP+rzJ8VDXxjLjpEUBOC9WDs74+QMtsAdmh6g0KDclHEk8WJ4P2bnso4z3VCGoDT5X/0bS1C+jMZM' +
      'KaOCNB21FZ08qgUHmKeDeg8ylENu+mh2Y/AaEDSGkGBHIfFbhMYO3uRxhk9hldiHEnHgdkXiVAAUWk/IhtmGijibO/' +
      'L76vB74Xpes973uK+2iFKgNBk8qTLLZZnuWbcMQuA6VsFULRb/C+q9B21YuAWPMzvgBwr4EX2m/OpF5w8Q0HL7v1H5' +
      'H0mIGJbrjnklUPoBYrw30W3uk7yF0KE6sfMukafFx0S9rBOL0RykGDPwC0lHSNySkXDeM5XvDJ+dtHK+RDwhJR+azf' +
      'rWAHGMtZcQ+YVamjWVmHxXM03j3GeCXgqae1upwHzkPL5OwojcQ5MQi3Kv/1xtwY0cRN/yeZTOsXfujtqhkJj/Vltb' +
      'y4lnW4SCj4LjWQF19BY6zhzF4yybBA8bhhtoNP/zx8QkhHAkIROkK2ZVgfocCAPvfQ+vSrsIBO+L5cmg6mzFn4g84l' +
      'sHscgXnszIlzUrzx/4Tam0uwuS9J1gddZ0I0QUt9SJzfsoBCTU0OgNMUtXKS5HvgXe7abexMtFH5eulOsAuFZkQ5LY' +
      'Ja/m4yHFInXzL/t3hjdTi2NmxUufvYzwIyffRTu5vS9vjscARD9lUQDHFQ/xgWe1i8EkRlrSfjlXt00+4//h2bcJKy' +
      'TBT3IXwvKNsuY29V9/vU3HkvWKZ99zpSlmcZRuBa1BHbyPEvc0NlqIIoKidxqUvOR64MzudHhAjgWFP+IXojfhS3Gj' +
      '9OJhBL7s',
  },
};

/** The strings WeChat Pay's documentation builds step by step (signature generation, JSAPI). */
export const documentedStrings = {
  /** https://pay.weixin.qq.com/wiki/doc/api_external/ch/wechatpay/wechatpay4_0.shtml */
  request: {
    method: 'GET',
    url: '/v3/certificates',
    timestamp: '1554208460',
    nonce: '593BEC0C930BF1AFEB40B4A08C8FB242',
    body: '',
    message: 'GET\n/v3/certificates\n1554208460\n593BEC0C930BF1AFEB40B4A08C8FB242\n\n',
  },
  /** The documented Authorization header example (one line). */
  authorization:
    'WECHATPAY2-SHA256-RSA2048 mchid="1900009191",nonce_str="593BEC0C930BF1AFEB40B4A08C8FB242",' +
    'signature="uOVRnA4qG/MNnYzdQxJanN+zU+lTgIcnU9BxGw5dKjK+VdEUz2FeIoC+D5sB/LN+nGzX3hfZg6r5wT1pl2ZobmIc6p0ldN7J6yDgUzbX8Uk3sD4a4eZVPTBvqNDoUqcYMlZ9uuDdCvNv4TM3c1WzsXUrExwVkI1XO5jCNbgDJ25nkT/c1gIFvqoogl7MdSFGc4W4xZsqCItnqbypR3RuGIlR9h9vlRsy7zJR9PBI83X8alLDIfR1ukt1P7tMnmogZ0cuDY8cZsd8ZlCgLadmvej58SLsIkVxFJ8XyUgx9FmutKSYTmYtWBZ0+tNvfGmbXU7cob8H/4nLBiCwIUFluw==",' +
    'timestamp="1554208460",serial_no="1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C"',
  /**
   * JSAPI调起支付, paySign: https://pay.weixin.qq.com/wiki/doc/api_external/ch/apis/chapter4_1_25.shtml
   * (its openssl line) and docs/partner/apis/combine-payment/orders/jsapi-transfer-payment.html.
   */
  jsapi: {
    appId: 'wx8888888888888888',
    timeStamp: '1414561699',
    nonceStr: '5K8264ILTKCH16CQ2502SI8ZNMTM67VS',
    package: 'prepay_id=wx201410272009395522657a690389285100',
    message:
      'wx8888888888888888\n1414561699\n5K8264ILTKCH16CQ2502SI8ZNMTM67VS\nprepay_id=wx201410272009395522657a690389285100\n',
  },
};
