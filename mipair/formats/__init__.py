"""Tournament file formats: readers and writers (the TRF family in :mod:`mipair.formats.trf`)."""
