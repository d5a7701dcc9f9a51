#!/usr/bin/env bash
# Sign in with curl and openssl, as docs/api-auth.md describes.
set -euo pipefail
BASE=${BASE:-http://localhost:8080}; ACCOUNT=$1; PASSWORD=$2
NONCE=$(openssl rand -hex 8)
SIGN=$(printf '%s' "${NONCE}webheliograph-console-v1" | sha256sum | cut -d' ' -f1)
KEY=$(curl -s "$BASE/api/v1/anonymous/publicKey?nonce=$NONCE&source=web&sign=$SIGN")
KEY_ID=$(printf '%s' "$KEY" | sed -E 's/.*"keyId":"([^"]+)".*/\1/')
printf '%s' "$KEY" | sed -E 's/.*"publicKey":"([^"]+)".*/\1/' | sed 's/\\n/\n/g' > /tmp/hg-pub.pem
CIPHER=$(printf '%s' "$PASSWORD" | openssl pkeyutl -encrypt -pubin -inkey /tmp/hg-pub.pem \
  -pkeyopt rsa_padding_mode:oaep -pkeyopt rsa_oaep_md:sha256 -pkeyopt rsa_mgf1_md:sha256 | base64 -w0)
curl -s -X POST "$BASE/api/v1/oauth/token/new" -H 'content-type: application/json' \
  -d "{\"account\":\"$ACCOUNT\",\"password\":\"$CIPHER\",\"source\":\"web\",\"keyId\":\"$KEY_ID\"}"
