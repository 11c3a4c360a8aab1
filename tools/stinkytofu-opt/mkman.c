/* Writes the manual page stinkytofu-opt(1) to standard output; the build runs
 * it, so the page lists exactly the flags and passes of --help. */
#include <stdio.h>

#include "stinkytofu/driver.h"

int main(void)
{
	st_driver_print_man(stdout);
	return ferror(stdout) || fflush(stdout) != 0;
}
