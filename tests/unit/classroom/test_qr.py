"""The join link's QR code (viz.classroom.qr) reads back as the link, decoded by an independent reader
(zxing-cpp), for a short address and for a long one with a Korean language setting."""

from __future__ import annotations

import io

import pytest
import zxingcpp
from PIL import Image

from viz.classroom import qr


@pytest.mark.parametrize(
    "url",
    [
        "http://192.168.1.20:8501/join?code=ABC234&lang=en",
        "https://attention-lab.example.school.kr:8443/a/very/long/path/join?code=ZZ9988&lang=ko",
    ],
)
def test_the_code_reads_back_as_the_link(url: str) -> None:
    image = Image.open(io.BytesIO(qr.png(url)))
    assert image.format == "PNG"
    assert [r.text for r in zxingcpp.read_barcodes(image)] == [url]


def test_a_module_is_several_pixels_for_a_projector() -> None:
    small, big = (Image.open(io.BytesIO(qr.png("http://h/join?code=ABC234", scale=s))) for s in (2, 8))
    assert big.size[0] == 4 * small.size[0]
