#!/usr/bin/env bash
# Installs LibreOffice (Writer, Calc and Impress, headless) where it is missing and the machine
# allows it (root with apt-get), so the format tests convert OpenDocument, RTF and the binary Office
# formats instead of only checking their refusal. Measured on the CI machine: ~85 s and ~300 MB for
# Writer, Calc and Impress a few seconds more. Exits 0 without it when it cannot be installed: the
# tests then check the converter_unavailable answer and say so.
set -u
PACKAGES=(libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui)
# All three there (or soffice from elsewhere, not a Debian package): nothing to do.
if command -v soffice >/dev/null 2>&1 && { ! command -v dpkg >/dev/null 2>&1 || dpkg -s "${PACKAGES[@]}" >/dev/null 2>&1 || ! dpkg -S "$(readlink -f "$(command -v soffice)")" >/dev/null 2>&1; }; then
  echo "LibreOffice: $(command -v soffice)"
  exit 0
fi
if [[ "$(id -u)" != 0 ]] || ! command -v apt-get >/dev/null 2>&1; then echo "LibreOffice: not installed or incomplete (needs root and apt-get)"; exit 0; fi
export DEBIAN_FRONTEND=noninteractive
if apt-get install -y --no-install-recommends "${PACKAGES[@]}" >/tmp/docextract-libreoffice-install.log 2>&1 \
  || { apt-get update >/dev/null 2>&1 && apt-get install -y --no-install-recommends "${PACKAGES[@]}" >>/tmp/docextract-libreoffice-install.log 2>&1; }; then
  echo "LibreOffice: installed ($(command -v soffice))"
else
  echo "LibreOffice: installation failed (see /tmp/docextract-libreoffice-install.log)"
fi
exit 0
