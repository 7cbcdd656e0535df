mfctr 4
