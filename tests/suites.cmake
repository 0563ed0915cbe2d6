# One Check suite per line: wg_check_test(NAME SOURCE...)
wg_check_test(test_data test_data.c)
wg_check_test(test_core test_core.c)
wg_check_test(test_hex test_hex.c)
