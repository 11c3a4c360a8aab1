/* stinkytofu-opt: parse the command line and hand it to the driver library
 * (lib/driver), which does everything else. */
#include <stdio.h>

#include "stinkytofu/driver.h"

int main(int argc, char **argv)
{
	struct st_driver_options o;
	st_driver_options_init(&o);
	int rc = st_driver_parse_args(&o, argc, argv, stderr);
	if (rc == ST_EXIT_OK)
		rc = st_driver_run(&o, stdout, stderr);
	st_driver_options_fini(&o);
	return rc;
}
